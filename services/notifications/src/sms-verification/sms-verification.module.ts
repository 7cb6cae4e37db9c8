import { Module } from '@nestjs/common';
import { SmsVerificationHandler } from './sms-verification.handler';
import { SmsVerificationRepository } from './sms-verification.repository';
import { SmsVerificationService } from './sms-verification.service';

@Module({
  controllers: [SmsVerificationHandler],
  providers: [SmsVerificationService, SmsVerificationRepository],
  exports: [SmsVerificationService],
})
export class SmsVerificationModule {}
