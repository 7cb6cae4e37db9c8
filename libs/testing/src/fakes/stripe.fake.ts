import { type LoopbackFake, startLoopback } from './loopback';
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
  /** Every subscription id a cancel (DELETE /v1/subscriptions/:id) asked for, in order. */
  cancellations: string[];
}

const page = (title: string, body: string) => ({
  headers: { 'content-type': 'text/html; charset=utf-8' },
  text: `<!doctype html><html><head><meta name="viewport" content="width=device-width"><title>${title}</title></head>
<body style="font-family:sans-serif;max-width:420px;margin:40px auto;padding:0 16px"><h1>${title}</h1>${body}</body></html>`,
});

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A loopback Stripe API: customers (idempotency keys honoured), checkout and portal sessions, subscriptions retrieve.
 * Its sessions' URLs are pages on the fake itself, so a browser test can pay: 'Subscribe' on the Checkout page creates
 * the subscription, posts checkout.session.completed and customer.subscription.created, signed, to `webhookUrl`, and
 * returns to the session's success_url, as Stripe does.
 */
export async function startStripeFake(options: { webhookUrl?: string } = {}): Promise<StripeFake> {
  const customers = new Map<string, Record<string, string>>();
  const byIdempotencyKey = new Map<string, unknown>();
  const checkouts: Record<string, string>[] = [];
  const sessions = new Map<string, Record<string, string>>();
  const portals = new Map<string, Record<string, string>>();
  const subscriptions = new Map<string, Stripe.Subscription>();
  const cancellations: string[] = [];
  let n = 0;
  let base = '';
  const post = async (event: unknown) => {
    if (!options.webhookUrl) return;
    const { payload, header } = signedWebhook(event);
    await fetch(options.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: payload });
  };
  const fake = await startLoopback(async (req) => {
    const params = form(req.body);
    const pay = /^\/c\/pay\/([^/]+)$/.exec(req.path);
    if (pay && sessions.has(pay[1])) {
      const session = sessions.get(pay[1])!;
      if (req.method === 'GET') {
        const price = escapeHtml(session['line_items[0][price]'] ?? '');
        return page('Test Checkout', `<p>Subscription: <strong data-price="${price}">${price}</strong></p>
<form method="post"><button type="submit" style="font-size:18px;padding:10px 24px">Subscribe</button></form>
<p><a href="${escapeHtml(session.cancel_url ?? '/')}">Cancel</a></p>`);
      }
      const subscription = buildSubscription({ id: `sub_${++n}`, customer: session.customer, price: session['line_items[0][price]'], userId: session['metadata[userId]'], created: Math.floor(Date.now() / 1000) });
      subscriptions.set(subscription.id, subscription);
      const completed = { id: pay[1], object: 'checkout.session', mode: 'subscription', customer: session.customer, subscription: subscription.id, client_reference_id: session.client_reference_id ?? null, metadata: { userId: session['metadata[userId]'] } };
      await post(buildStripeEvent('checkout.session.completed', completed));
      await post(buildStripeEvent('customer.subscription.created', subscription));
      return { status: 303, headers: { location: session.success_url ?? '/' }, text: '' };
    }
    const portal = /^\/p\/session\/([^/]+)$/.exec(req.path);
    if (req.method === 'GET' && portal && portals.has(portal[1])) {
      return page('Test Billing Portal', `<p><a href="${escapeHtml(portals.get(portal[1])!.return_url ?? '/')}">Return</a></p>`);
    }
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
      sessions.set(id, params);
      return { body: { id, object: 'checkout.session', mode: params.mode, customer: params.customer, url: `${base}/c/pay/${id}` } };
    }
    if (req.method === 'POST' && req.path === '/v1/billing_portal/sessions') {
      if (!customers.has(params.customer)) return stripeError(404, `No such customer: '${params.customer}'`);
      const id = String(++n);
      portals.set(id, params);
      return { body: { id: `bps_${id}`, object: 'billing_portal.session', customer: params.customer, url: `${base}/p/session/${id}` } };
    }
    const retrieve = /^\/v1\/subscriptions\/([^/]+)$/.exec(req.path);
    if (req.method === 'GET' && retrieve) {
      const subscription = subscriptions.get(retrieve[1]);
      return subscription ? { body: subscription } : stripeError(404, `No such subscription: '${retrieve[1]}'`);
    }
    if (req.method === 'DELETE' && retrieve) {
      // Cancel now: the subscription ends at once and Stripe tells the webhook, as it does.
      cancellations.push(retrieve[1]);
      const subscription = subscriptions.get(retrieve[1]);
      if (!subscription) return stripeError(404, `No such subscription: '${retrieve[1]}'`);
      const canceled = { ...subscription, status: 'canceled', canceled_at: Math.floor(Date.now() / 1000), ended_at: Math.floor(Date.now() / 1000) } as Stripe.Subscription;
      subscriptions.set(canceled.id, canceled);
      await post(buildStripeEvent('customer.subscription.deleted', canceled));
      return { body: canceled };
    }
    return stripeError(404, `Unrecognized request URL (${req.method}: ${req.path})`);
  });
  base = fake.url;
  return Object.assign(fake, { customers, checkouts, subscriptions, cancellations });
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
