import { Inject, Injectable } from '@nestjs/common';
import { type RequestContext, ValidationError } from '@jarvis/contracts';
import { BILLING_CONFIG, type BillingConfig } from '../config/billing.config';
import { BillingRepository } from './billing.repository';
import { StripeAdapter } from './stripe.adapter';
import type { EntityManager } from 'typeorm';

/** Stripe's final states: nothing is left to cancel. */
const ENDED = new Set(['canceled', 'incomplete_expired']);

/** Checkout and the billing portal for the caller's Stripe customer. */
@Injectable()
export class StripeService {
  constructor(
    private readonly stripe: StripeAdapter,
    private readonly repository: BillingRepository,
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
  ) {}

  private get accountUrl() {
    return `${this.config.PUBLIC_URL.replace(/\/+$/, '')}/account`;
  }

  /** The user's customer, created once with the user id in its metadata. */
  private async ensureCustomer(userId: string): Promise<string> {
    const existing = await this.repository.customerOf(userId);
    if (existing) return existing.stripeCustomerId;
    const created = await this.stripe.createCustomer(userId);
    return (await this.repository.saveCustomer(userId, created)).stripeCustomerId;
  }

  async checkout(ctx: RequestContext, tier: 'premium' | 'enterprise') {
    const priceId = this.stripe.priceFor(tier);
    const customerId = await this.ensureCustomer(ctx.userId!);
    return { url: await this.stripe.createCheckout({ userId: ctx.userId!, customerId, priceId, tier, returnUrl: this.accountUrl }) };
  }

  async portal(ctx: RequestContext) {
    const customer = await this.repository.customerOf(ctx.userId!);
    if (!customer) throw new ValidationError('No billing account yet: choose a paid plan first.', undefined, 'NO_BILLING_CUSTOMER');
    return { url: await this.stripe.createPortal(customer.stripeCustomerId, this.accountUrl) };
  }

  /** Account lifecycle (issue 22): the plan and the subscriptions as billing last knew them (no card, no Stripe id). */
  async accountRows(userId: string) {
    const [customer, subscriptions] = await Promise.all([this.repository.customerOf(userId), this.repository.subscriptionsOf(userId)]);
    return { plan: customer?.tier ?? 'free', subscriptions };
  }

  /** A deleted account's subscriptions that still run are cancelled at Stripe at once (invoices stay there, as the law requires). */
  async cancelForErasure(userId: string) {
    for (const subscription of await this.repository.subscriptionsOf(userId)) {
      if (!ENDED.has(subscription.status)) await this.stripe.cancelSubscription(subscription.stripeSubscriptionId);
    }
  }

  eraseAccountRows(manager: EntityManager, userId: string) {
    return this.repository.eraseUser(manager, userId);
  }
}
