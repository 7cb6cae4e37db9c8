import { Module } from '@nestjs/common';
import { MemoriesHandler } from './memories.handler';
import { MemoriesRepository } from './memories.repository';
import { MemoriesService } from './memories.service';

@Module({
  controllers: [MemoriesHandler],
  providers: [MemoriesService, MemoriesRepository],
  exports: [MemoriesService],
})
export class MemoriesModule {}
