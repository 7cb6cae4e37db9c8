import { Injectable } from '@nestjs/common';
import type { WebhookReply } from '@jarvis/contracts';
import { createLogger, EventBus, runOnce, webhookReply } from '@jarvis/platform';
import type Stripe from 'stripe';
import { DataSource, type EntityManager } from 'typeorm';
import { BillingRepository } from './billing.repository';
import { type SubscriptionState, StripeAdapter, subscriptionState } from './stripe.adapter';

const log = createLogger('stripe-webhooks');

/** A subscription's state and whether it came fresh from Stripe's API (then it is the truth now, whatever the event's age). */
interface Observed {
  state: SubscriptionState;
  fetched: boolean;
  /** The user the session or metadata names, when the customer is not ours yet. */
  userIdHint?: string | null;
  /** Set for invoice.payment_failed: the user is told once the event is applied. */
  failedInvoiceId?: string;
}

/**
 * Stripe's events, each applied once (billing.processed_events), moving the user's tier with their subscriptions.
 * An event older than the state already applied to its subscription changes nothing; two events of the same second
 * are settled by asking Stripe for the subscription as it is now.
 */
@Injectable()
export class StripeWebhooksService {
  constructor(
    private readonly stripe: StripeAdapter,
    private readonly repository: BillingRepository,
    private readonly dataSource: DataSource,
    private readonly events: EventBus,
  ) {}

  async receive(body: Buffer, signature: string | undefined): Promise<WebhookReply> {
    if (!this.stripe.webhookConfigured) {
      return webhookReply.text(503, 'Stripe webhooks are not configured. Set STRIPE_WEBHOOK_SECRET to enable them.');
    }
    let event: Stripe.Event;
    try {
      event = this.stripe.verifyWebhook(body, signature ?? '');
    } catch (error) {
      log.warn({ reason: (error as Error).message }, 'stripe webhook refused');
      return webhookReply.badSignature(400, 'Invalid Stripe signature');
    }
    const observed = await this.observe(event);
    const applied = await runOnce(this.dataSource, 'billing', 'stripe-webhook', event.id, async (manager) => {
      if (observed) await this.apply(manager, event, observed);
    });
    log.info({ eventId: event.id, type: event.type, replay: !applied }, 'stripe webhook');
    return webhookReply.json({ received: true });
  }

  /** The subscription an event is about, read from the event or, when the event only names it, from Stripe. */
  private async observe(event: Stripe.Event): Promise<Observed | null> {
    switch (event.type) {
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return { state: subscriptionState(event.data.object), fetched: false };
      case 'checkout.session.completed': {
        const session = event.data.object;
        const id = typeof session.subscription === 'string' ? session.subscription : session.subscription?.id;
        if (session.mode !== 'subscription' || !id) return null;
        return { state: await this.stripe.retrieveSubscription(id), fetched: true, userIdHint: session.client_reference_id ?? session.metadata?.userId };
      }
      case 'invoice.payment_failed': {
        const invoice = event.data.object as Stripe.Invoice & { subscription?: string | { id: string } | null };
        const ref = invoice.parent?.subscription_details?.subscription ?? invoice.subscription;
        const id = typeof ref === 'string' ? ref : ref?.id;
        if (!id) return null;
        return { state: await this.stripe.retrieveSubscription(id), fetched: true, failedInvoiceId: invoice.id };
      }
      default:
        return null;
    }
  }

  private async apply(manager: EntityManager, event: Stripe.Event, observed: Observed) {
    let { state } = observed;
    if (await this.repository.isErased(state.customerId, manager)) {
      log.info({ eventId: event.id }, "stripe event for a deleted account's customer; ignored");
      return;
    }
    let userId = (await this.repository.userOfCustomer(state.customerId, manager))?.userId;
    const hint = observed.userIdHint ?? state.metadataUserId;
    if (!userId && hint && /^[0-9a-f-]{36}$/i.test(hint)) {
      userId = (await this.repository.saveCustomer(hint, state.customerId, manager)).userId;
    }
    if (!userId) {
      log.warn({ eventId: event.id, customer: state.customerId }, 'stripe event for a customer of no user; ignored');
      return;
    }
    await this.repository.lockCustomer(manager, userId);
    if (observed.failedInvoiceId) {
      await this.events.publish('evt.billing.payment.failed', { userId, invoiceId: observed.failedInvoiceId }, `stripe-failed-${event.id}`);
    }
    const eventAt = new Date(event.created * 1000);
    const known = await this.repository.subscription(manager, state.id);
    if (known && !observed.fetched) {
      if (eventAt < known.eventCreatedAt) {
        log.info({ eventId: event.id, subscription: state.id }, 'older than the state applied; ignored');
        return;
      }
      if (eventAt.getTime() === known.eventCreatedAt.getTime() && known.status !== state.status) {
        state = await this.stripe.retrieveSubscription(state.id);
      }
    }
    // A subscription that ended never comes back: Stripe's canceled is final.
    const status = known?.status === 'canceled' || known?.status === 'incomplete_expired' ? known.status : state.status;
    await this.repository.saveSubscription(manager, {
      stripeSubscriptionId: state.id,
      userId,
      status,
      priceId: state.priceId,
      tier: this.stripe.tierOfPrice(state.priceId) ?? 'free',
      subscriptionCreatedAt: new Date(state.created * 1000),
      eventCreatedAt: known && known.eventCreatedAt > eventAt ? known.eventCreatedAt : eventAt,
    });
    const customer = (await this.repository.customerOf(userId, manager))!;
    const tier = await this.repository.currentTier(manager, userId);
    if (tier === customer.tier) return;
    await this.repository.setTier(manager, userId, tier);
    // Published before the commit: a failure rolls the event back for Stripe's retry; the key dedupes a second publish.
    await this.events.publish('evt.billing.tier.changed', { userId, tier, stripeCustomerId: customer.stripeCustomerId }, `stripe-${event.id}`);
  }
}
