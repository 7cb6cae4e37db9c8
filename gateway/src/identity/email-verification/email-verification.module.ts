import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity.module';
import { EmailVerificationController } from './email-verification.controller';
import { EmailVerificationRepository } from './email-verification.repository';
import { EmailVerificationService } from './email-verification.service';
import { RegisteredUserConsumer } from './registered-user.consumer';
import { VerificationMailLimiter } from './verification-mail-limiter';

/** E-mail verification: the link at sign-up and address change, Resend, and the link's landing. */
@Module({
  imports: [IdentityModule],
  controllers: [EmailVerificationController],
  providers: [EmailVerificationService, EmailVerificationRepository, VerificationMailLimiter, RegisteredUserConsumer],
})
export class EmailVerificationModule {}
