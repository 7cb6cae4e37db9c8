import { Module } from '@nestjs/common';
import { PhoneLinesHandler } from './phone-lines.handler';
import { PhoneLinesRepository } from './phone-lines.repository';
import { PhoneLinesService } from './phone-lines.service';

@Module({
  controllers: [PhoneLinesHandler],
  providers: [PhoneLinesService, PhoneLinesRepository],
  exports: [PhoneLinesRepository],
})
export class PhoneLinesModule {}
