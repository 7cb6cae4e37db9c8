import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity.module';
import { EmailVerificationRepository } from './email-verification.repository';
import { EmailVerificationRoutes } from './email-verification.routes';
import { EmailVerificationService } from './email-verification.service';
import { RegisteredUserConsumer } from './registered-user.consumer';
import { VerificationMailLimiter } from './verification-mail-limiter';

/** E-mail verification: the link at sign-up and address change, Resend, and the link's landing. */
@Module({
  imports: [IdentityModule],
  providers: [EmailVerificationRoutes, EmailVerificationService, EmailVerificationRepository, VerificationMailLimiter, RegisteredUserConsumer],
})
export class EmailVerificationModule {}
