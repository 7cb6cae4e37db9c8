import { Module } from '@nestjs/common';
import { HealthController } from './health/health.controller';
import { HealthService } from './health/health.service';
import { EmailVerificationModule } from './identity/email-verification/email-verification.module';
import { IdentityModule } from './identity/identity.module';
import { InfraModule } from './infra/infra.module';
import { LiveStream } from './live/live-stream';
import { ApiProxy } from './proxy/api-proxy';
import { QuotaModule } from './quota/quota.module';
import { WebhookIngress } from './webhooks/webhook-ingress';

@Module({
  imports: [InfraModule, IdentityModule, EmailVerificationModule, QuotaModule],
  controllers: [HealthController],
  providers: [HealthService, ApiProxy, WebhookIngress, LiveStream],
})
export class AppModule {}
