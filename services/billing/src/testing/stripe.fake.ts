import { type LoopbackFake, startLoopback } from '@jarvis/testing';
import Stripe from 'stripe';

export const WEBHOOK_SECRET = 'whsec_test_secret';
export const PRICE_PREMIUM = 'price_premium_test';
export const PRICE_ENTERPRISE = 'price_enterprise_test';

const stripeError = (status: number, message: string) => ({ status, body: { error: { type: 'invalid_request_error', message } } });

/** Stripe's form encoding (`metadata[userId]=…`, `line_items[0][price]=…`) as flat keys. */
const form = (body: unknown) => Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : ''));

export interface StripeFake extends LoopbackFake {
  customers: Map<string, Record<string, string>>;
  checkouts: Record<string, string>[];
  /** Subscriptions as `subscriptions.retrieve` answers them: the state Stripe holds now. */
  subscriptions: Map<string, Stripe.Subscription>;
}

/** A loopback Stripe API: customers (idempotency keys honoured), checkout and portal sessions, subscriptions retrieve. */
export async function startStripeFake(): Promise<StripeFake> {
  const customers = new Map<string, Record<string, string>>();
  const byIdempotencyKey = new Map<string, unknown>();
  const checkouts: Record<string, string>[] = [];
  const subscriptions = new Map<string, Stripe.Subscription>();
  let n = 0;
  const fake = await startLoopback((req) => {
    const params = form(req.body);
    const key = req.headers['idempotency-key'] as string | undefined;
    if (req.method === 'POST' && req.path === '/v1/customers') {
      if (key && byIdempotencyKey.has(key)) return { body: byIdempotencyKey.get(key) };
      const id = `cus_${++n}`;
      customers.set(id, params);
      const body = { id, object: 'customer', metadata: { userId: params['metadata[userId]'] } };
      if (key) byIdempotencyKey.set(key, body);
      return { body };
    }
    if (req.method === 'POST' && req.path === '/v1/checkout/sessions') {
      checkouts.push(params);
      const id = `cs_test_${++n}`;
      return { body: { id, object: 'checkout.session', mode: params.mode, customer: params.customer, url: `https://checkout.stripe.test/c/pay/${id}` } };
    }
    if (req.method === 'POST' && req.path === '/v1/billing_portal/sessions') {
      if (!customers.has(params.customer)) return stripeError(404, `No such customer: '${params.customer}'`);
      return { body: { id: `bps_${++n}`, object: 'billing_portal.session', customer: params.customer, url: `https://billing.stripe.test/p/session/${n}` } };
    }
    const retrieve = /^\/v1\/subscriptions\/([^/]+)$/.exec(req.path);
    if (req.method === 'GET' && retrieve) {
      const subscription = subscriptions.get(retrieve[1]);
      return subscription ? { body: subscription } : stripeError(404, `No such subscription: '${retrieve[1]}'`);
    }
    return stripeError(404, `Unrecognized request URL (${req.method}: ${req.path})`);
  });
  return Object.assign(fake, { customers, checkouts, subscriptions });
}

/** A subscription object as Stripe sends it, with overrides. */
export function buildSubscription(overrides: { id: string; customer: string; price?: string; status?: Stripe.Subscription.Status; created?: number; userId?: string }) {
  return {
    id: overrides.id,
    object: 'subscription',
    customer: overrides.customer,
    status: overrides.status ?? 'active',
    created: overrides.created ?? Math.floor(Date.now() / 1000) - 60,
    metadata: overrides.userId ? { userId: overrides.userId } : {},
    items: { object: 'list', data: [{ id: `si_${overrides.id}`, object: 'subscription_item', price: { id: overrides.price ?? PRICE_PREMIUM, object: 'price' } }] },
  } as unknown as Stripe.Subscription;
}

let eventCounter = 0;

/** A Stripe event with overrides: `buildStripeEvent('customer.subscription.updated', subscription, { created })`. */
export function buildStripeEvent(type: string, object: unknown, overrides: { id?: string; created?: number } = {}) {
  return {
    id: overrides.id ?? `evt_test_${Date.now()}_${++eventCounter}`,
    object: 'event',
    type,
    api_version: '2025-01-01',
    created: overrides.created ?? Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}

const signer = new Stripe('sk_test_signer');

/** The body and Stripe-Signature header Stripe would post; `timestamp` in seconds makes a stale one. */
export function signedWebhook(event: unknown, options: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event);
  const header = signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, timestamp: options.timestamp });
  return { payload, header };
}
