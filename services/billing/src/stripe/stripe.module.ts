import { Module } from '@nestjs/common';
import { BillingRepository } from './billing.repository';
import { StripeWebhooksService } from './stripe-webhooks.service';
import { StripeAdapter } from './stripe.adapter';
import { StripeHandler } from './stripe.handler';
import { StripeService } from './stripe.service';

@Module({
  controllers: [StripeHandler],
  providers: [StripeAdapter, StripeService, StripeWebhooksService, BillingRepository],
  exports: [StripeService],
})
export class StripeModule {}
