import { Module } from '@nestjs/common';
import { ContactRateLimiter } from './contact-rate-limiter';
import { SmtpAdapter } from './smtp.adapter';
import { SupportMailProvider } from './support-mail.provider';
import { SupportHandler } from './support.handler';
import { SupportRepository } from './support.repository';
import { SupportService } from './support.service';

@Module({
  controllers: [SupportHandler],
  providers: [SupportService, SupportRepository, ContactRateLimiter, { provide: SupportMailProvider, useClass: SmtpAdapter }],
  exports: [SupportService],
})
export class SupportModule {}
