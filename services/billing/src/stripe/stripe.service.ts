import { Inject, Injectable } from '@nestjs/common';
import { type RequestContext, ValidationError } from '@jarvis/contracts';
import { BILLING_CONFIG, type BillingConfig } from '../config/billing.config';
import { BillingRepository } from './billing.repository';
import { StripeAdapter } from './stripe.adapter';

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
}
