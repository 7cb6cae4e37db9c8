import { Inject, Injectable } from '@nestjs/common';
import { ProviderUnavailableError } from '@jarvis/contracts';
import { providerCall } from '@jarvis/platform';
import Stripe from 'stripe';
import { BILLING_CONFIG, type BillingConfig } from '../config/billing.config';

/** The part of a Stripe subscription billing decides on. */
export interface SubscriptionState {
  id: string;
  customerId: string;
  status: string;
  priceId: string | null;
  /** Stripe's `created`, in seconds. */
  created: number;
  metadataUserId: string | null;
}

export function subscriptionState(subscription: Stripe.Subscription): SubscriptionState {
  return {
    id: subscription.id,
    customerId: typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
    status: subscription.status,
    priceId: subscription.items?.data?.[0]?.price?.id ?? null,
    created: subscription.created,
    metadataUserId: subscription.metadata?.userId ?? null,
  };
}

/**
 * Stripe through its official SDK. STRIPE_BASE_URL points the SDK at another host (a test fake); without
 * STRIPE_SECRET_KEY every API call answers 503 naming the variable.
 */
@Injectable()
export class StripeAdapter {
  private readonly client?: Stripe;
  /** Signature checks need no API key, only the webhook secret. */
  private readonly verifier: Stripe;

  constructor(@Inject(BILLING_CONFIG) private readonly config: BillingConfig) {
    const options: Stripe.StripeConfig = { maxNetworkRetries: 1, timeout: 20_000 };
    if (config.STRIPE_BASE_URL) {
      const url = new URL(config.STRIPE_BASE_URL);
      const protocol = url.protocol === 'http:' ? 'http' : 'https';
      Object.assign(options, { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol });
    }
    if (config.STRIPE_SECRET_KEY) this.client = new Stripe(config.STRIPE_SECRET_KEY, options);
    this.verifier = this.client ?? new Stripe('sk_unused_for_signatures', options);
  }

  private api(variables: string[] = []): Stripe {
    const missing = [...(this.client ? [] : ['STRIPE_SECRET_KEY']), ...variables.filter((v) => !this.config[v as keyof BillingConfig])];
    if (missing.length || !this.client) throw new ProviderUnavailableError('Stripe', missing);
    return this.client;
  }

  priceFor(tier: 'premium' | 'enterprise'): string {
    const variable = tier === 'premium' ? 'STRIPE_PRICE_PREMIUM' : 'STRIPE_PRICE_ENTERPRISE';
    this.api([variable]);
    return this.config[variable]!;
  }

  /** Creates the user's customer; the idempotency key makes a concurrent second request return the same one. */
  async createCustomer(userId: string): Promise<string> {
    const customer = await stripeCall('customers.create', this.api(), (api) => api.customers.create({ metadata: { userId } }, { idempotencyKey: `jarvis-customer-${userId}` }));
    return customer.id;
  }

  /** Back on `returnUrl?checkout=success&plan=<tier>` (the Account page waits for that plan) or `?checkout=cancelled`. */
  async createCheckout(input: { userId: string; customerId: string; priceId: string; tier: 'premium' | 'enterprise'; returnUrl: string }): Promise<string> {
    const session = await stripeCall('checkout.sessions.create', this.api(), (api) => api.checkout.sessions.create({
      mode: 'subscription',
      customer: input.customerId,
      client_reference_id: input.userId,
      line_items: [{ price: input.priceId, quantity: 1 }],
      metadata: { userId: input.userId },
      subscription_data: { metadata: { userId: input.userId } },
      success_url: `${input.returnUrl}?checkout=success&plan=${input.tier}`,
      cancel_url: `${input.returnUrl}?checkout=cancelled`,
    }));
    if (!session.url) throw new ProviderUnavailableError('Stripe', [], 'Checkout returned no URL');
    return session.url;
  }

  async createPortal(customerId: string, returnUrl: string): Promise<string> {
    const session = await stripeCall('billingPortal.sessions.create', this.api(), (api) => api.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }));
    return session.url;
  }

  async retrieveSubscription(id: string): Promise<SubscriptionState> {
    return subscriptionState(await stripeCall('subscriptions.retrieve', this.api(), (api) => api.subscriptions.retrieve(id)));
  }

  /**
   * Cancels a subscription at once (no refund asked, its invoices stay with Stripe); one Stripe no longer has is
   * no error.
   */
  async cancelSubscription(id: string): Promise<void> {
    const api = this.api();
    try {
      await providerCall('stripe', 'subscriptions.cancel', () => api.subscriptions.cancel(id));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return;
      await stripeCall('subscriptions.cancel', api, () => Promise.reject(error));
    }
  }

  get webhookConfigured() {
    return Boolean(this.config.STRIPE_WEBHOOK_SECRET);
  }

  /** The event when the signature over the raw body is right and recent (the SDK's default tolerance); throws otherwise. */
  verifyWebhook(body: Buffer, signature: string): Stripe.Event {
    return this.verifier.webhooks.constructEvent(body, signature, this.config.STRIPE_WEBHOOK_SECRET!);
  }

  tierOfPrice(priceId: string | null): 'premium' | 'enterprise' | null {
    if (priceId && priceId === this.config.STRIPE_PRICE_ENTERPRISE) return 'enterprise';
    if (priceId && priceId === this.config.STRIPE_PRICE_PREMIUM) return 'premium';
    return null;
  }
}

/**
 * A Stripe API call whose failure is a ProviderUnavailableError naming Stripe: the SDK's own error carries the
 * request it made, so it goes no further than this adapter. `api` is taken first, so an unset variable throws before
 * anything is counted as `jarvis_provider_*{provider="stripe", operation}`.
 */
async function stripeCall<T>(operation: string, api: Stripe, run: (api: Stripe) => Promise<T>): Promise<T> {
  try {
    return await providerCall('stripe', operation, () => run(api));
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    if (error instanceof Stripe.errors.StripeConnectionError) throw new ProviderUnavailableError('Stripe', ['STRIPE_SECRET_KEY'], 'it could not be reached');
    if (error instanceof Stripe.errors.StripeAuthenticationError || error instanceof Stripe.errors.StripePermissionError) {
      throw new ProviderUnavailableError('Stripe', ['STRIPE_SECRET_KEY'], 'the credentials were rejected (check STRIPE_SECRET_KEY)');
    }
    throw new ProviderUnavailableError('Stripe', ['STRIPE_SECRET_KEY'], `it answered ${error.statusCode ?? 'an error'}${error.code ? ` (${error.code})` : ''}`);
  }
}
