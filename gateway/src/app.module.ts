import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { QueueModule } from '@jarvis/platform';
import { AccountModule } from './account/account.module';
import { AudioStreamIngress } from './audio-streams/audio-stream-ingress';
import { HealthService } from './health/health.service';
import { EmailVerificationModule } from './identity/email-verification/email-verification.module';
import { IdentityModule } from './identity/identity.module';
import { InfraModule } from './infra/infra.module';
import { LiveStream } from './live/live-stream';
import { ApiProxy } from './proxy/api-proxy';
import { QuotaModule } from './quota/quota.module';
import { WebhookIngress } from './webhooks/webhook-ingress';

/** No HTTP controllers: gateway.ts registers every route on Fastify (the declared endpoints through `routeEndpoint`). */
@Module({
  imports: [DiscoveryModule, InfraModule, QueueModule.forService(), IdentityModule, EmailVerificationModule, QuotaModule, AccountModule],
  providers: [HealthService, ApiProxy, WebhookIngress, AudioStreamIngress, LiveStream],
})
export class AppModule {}
