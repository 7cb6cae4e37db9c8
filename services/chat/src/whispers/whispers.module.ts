import { Module } from '@nestjs/common';
import { MemoriesModule } from '../memories/memories.module';
import { PatternsModule } from '../patterns/patterns.module';
import { WhispersHandler } from './whispers.handler';
import { WhispersService } from './whispers.service';

@Module({
  imports: [PatternsModule, MemoriesModule],
  controllers: [WhispersHandler],
  providers: [WhispersService],
})
export class WhispersModule {}
