import { Module } from '@nestjs/common';
import { ModelModule } from '../model/model.module';
import { TwinHandler } from './twin.handler';
import { TwinRepository } from './twin.repository';
import { TwinService } from './twin.service';

@Module({
  imports: [ModelModule],
  controllers: [TwinHandler],
  providers: [TwinService, TwinRepository],
  exports: [TwinService],
})
export class TwinModule {}
