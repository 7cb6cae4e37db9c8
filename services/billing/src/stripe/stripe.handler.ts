import { Controller } from '@nestjs/common';
import { api, type WebhookReply } from '@jarvis/contracts';
import { Handles, type HandlerInput, HandlesWebhook, type IncomingWebhook, webhookReply } from '@jarvis/platform';
import { StripeWebhooksService } from './stripe-webhooks.service';
import { StripeService } from './stripe.service';

@Controller()
export class StripeHandler {
  constructor(
    private readonly stripe: StripeService,
    private readonly webhooks: StripeWebhooksService,
  ) {}

  @Handles(api.billing.checkout)
  checkout({ ctx, data }: HandlerInput<typeof api.billing.checkout>) {
    return this.stripe.checkout(ctx, data.tier);
  }

  @Handles(api.billing.portal)
  portal({ ctx }: HandlerInput<typeof api.billing.portal>) {
    return this.stripe.portal(ctx);
  }

  @HandlesWebhook('billing')
  receive(webhook: IncomingWebhook): Promise<WebhookReply> | WebhookReply {
    if (webhook.path !== '/stripe' || webhook.method !== 'POST') return webhookReply.text(404, 'Unknown webhook');
    return this.webhooks.receive(webhook.body, webhook.header('stripe-signature'));
  }
}
