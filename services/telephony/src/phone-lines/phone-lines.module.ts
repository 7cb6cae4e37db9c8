import { Module } from '@nestjs/common';
import { OwnerModule } from '../owner/owner.module';
import { PhoneLinesHandler } from './phone-lines.handler';
import { PhoneLinesRepository } from './phone-lines.repository';
import { PhoneLinesService } from './phone-lines.service';

@Module({
  imports: [OwnerModule],
  controllers: [PhoneLinesHandler],
  providers: [PhoneLinesService, PhoneLinesRepository],
  exports: [PhoneLinesService],
})
export class PhoneLinesModule {}
