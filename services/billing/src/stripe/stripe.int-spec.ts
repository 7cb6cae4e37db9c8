import { api, type EventEnvelope, type WebhookRequest, webhookReceivers } from '@jarvis/contracts';
import { type Published, type ServiceHarness, startServiceHarness, type TestUser } from '@jarvis/testing';
import {
  buildStripeEvent,
  buildSubscription,
  PRICE_ENTERPRISE,
  PRICE_PREMIUM,
  signedWebhook,
  startStripeFake,
  type StripeFake,
  WEBHOOK_SECRET,
} from '@jarvis/testing/fakes';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppModule } from '../app.module';

let h: ServiceHarness;
let stripe: StripeFake;
let tierEvents: Published<EventEnvelope<'evt.billing.tier.changed'>>;
let failures: Published<EventEnvelope<'evt.billing.payment.failed'>>;

beforeAll(async () => {
  stripe = await startStripeFake();
  h = await startServiceHarness('billing', AppModule, {
    label: 'stripe',
    env: {
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_PREMIUM: PRICE_PREMIUM,
      STRIPE_PRICE_ENTERPRISE: PRICE_ENTERPRISE,
      STRIPE_BASE_URL: stripe.url,
      PUBLIC_URL: 'https://jarvis.example',
    },
  });
  tierEvents = await h.published('evt.billing.tier.changed');
  failures = await h.published('evt.billing.payment.failed');
});
afterAll(async () => {
  await h?.close();
  await stripe?.close();
});

function post(body: string, headers: Record<string, string>, path = '/stripe') {
  const request: WebhookRequest = {
    method: 'POST',
    path,
    query: '',
    headers: { 'content-type': 'application/json', ...headers },
    bodyBase64: Buffer.from(body).toString('base64'),
    url: `https://jarvis.example/webhooks/billing${path}`,
  };
  return h.rpc.call(webhookReceivers.billing, request, h.ctx(null));
}
const deliver = (event: unknown) => {
  const { payload, header } = signedWebhook(event);
  return post(payload, { 'stripe-signature': header });
};
const tierOf = async (user: TestUser) =>
  ((await h.dataSource.query('SELECT tier FROM billing.customers WHERE user_id = $1', [user.id])) as { tier: string }[])[0]?.tier;
const settle = () => new Promise((r) => setTimeout(r, 150));

/** A user who went through checkout: has a customer. */
async function customerFor(user: TestUser) {
  await h.call(api.billing.checkout, { tier: 'premium' }, user);
  const [row] = await h.dataSource.query('SELECT stripe_customer_id FROM billing.customers WHERE user_id = $1', [user.id]);
  return row.stripe_customer_id as string;
}

describe('checkout and portal', () => {
  it('creates the customer once with the user id in its metadata and a subscription checkout returning to /account', async () => {
    const user = h.newUser();
    const first = await h.call(api.billing.checkout, { tier: 'premium' }, user);
    expect(first.url).toMatch(new RegExp(`^${stripe.url}/c/pay/cs_test_`));
    await h.call(api.billing.checkout, { tier: 'enterprise' }, user);
    const mine = [...stripe.customers.values()].filter((c) => c['metadata[userId]'] === user.id);
    expect(mine).toHaveLength(1);
    const [premium, enterprise] = stripe.checkouts.slice(-2);
    expect(premium).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': PRICE_PREMIUM,
      client_reference_id: user.id,
      'subscription_data[metadata][userId]': user.id,
    });
    expect(premium.success_url).toBe('https://jarvis.example/account?checkout=success&plan=premium');
    expect(premium.cancel_url).toMatch(/^https:\/\/jarvis\.example\/account\?/);
    expect(enterprise['line_items[0][price]']).toBe(PRICE_ENTERPRISE);
    expect(enterprise.customer).toBe(premium.customer);
  });

  it('keeps one customer when two checkouts of a new user race', async () => {
    const user = h.newUser();
    await Promise.all([h.call(api.billing.checkout, { tier: 'premium' }, user), h.call(api.billing.checkout, { tier: 'premium' }, user)]);
    const rows = await h.dataSource.query('SELECT * FROM billing.customers WHERE user_id = $1', [user.id]);
    expect(rows).toHaveLength(1);
  });

  it('answers 400 with a message for the portal of a user without a customer, and a portal URL once there is one', async () => {
    const user = h.newUser();
    const error = await h.fail(api.billing.portal, {}, user);
    expect(error).toMatchObject({ kind: 'VALIDATION', message: expect.stringMatching(/paid plan/) });
    await customerFor(user);
    expect((await h.call(api.billing.portal, {}, user)).url).toMatch(new RegExp(`^${stripe.url}/p/session/`));
  });

  it('refuses an unknown tier at the contract', () => {
    expect(api.billing.checkout.request.safeParse({ tier: 'free' }).success).toBe(false);
  });
});

describe('POST /webhooks/billing/stripe', () => {
  it('moves the user to the plan of a completed checkout (subscription fetched from Stripe) and publishes the tier change', async () => {
    const user = h.newUser();
    const customer = await customerFor(user);
    stripe.subscriptions.set('sub_checkout', buildSubscription({ id: 'sub_checkout', customer, price: PRICE_PREMIUM }));
    const session = { id: 'cs_1', object: 'checkout.session', mode: 'subscription', customer, subscription: 'sub_checkout', client_reference_id: user.id };
    const reply = await deliver(buildStripeEvent('checkout.session.completed', session));
    expect(reply.status).toBe(200);
    expect(await tierOf(user)).toBe('premium');
    await settle();
    expect(tierEvents.bodies().filter((e) => e.data.userId === user.id).map((e) => e.data)).toEqual([
      { userId: user.id, tier: 'premium', stripeCustomerId: customer },
    ]);
  });

  it('applies a replayed event once: 200 and nothing changes', async () => {
    const user = h.newUser();
    const customer = await customerFor(user);
    const created = buildStripeEvent('customer.subscription.created', buildSubscription({ id: 'sub_replay', customer, price: PRICE_ENTERPRISE }));
    expect((await deliver(created)).status).toBe(200);
    expect(await tierOf(user)).toBe('enterprise');
    // Change the world underneath: a replay must not re-apply anything.
    await h.dataSource.query(`UPDATE billing.customers SET tier = 'free' WHERE user_id = $1`, [user.id]);
    expect((await deliver(created)).status).toBe(200);
    expect(await tierOf(user)).toBe('free');
    await settle();
    expect(tierEvents.bodies().filter((e) => e.data.userId === user.id)).toHaveLength(1);
  });

  it('refuses a bad, missing or stale signature with 400 and changes nothing', async () => {
    const user = h.newUser();
    const customer = await customerFor(user);
    const event = buildStripeEvent('customer.subscription.created', buildSubscription({ id: 'sub_bad', customer }));
    const { payload, header } = signedWebhook(event, { secret: 'whsec_wrong' });
    expect((await post(payload, { 'stripe-signature': header })).status).toBe(400);
    expect((await post(payload, {})).status).toBe(400);
    const stale = signedWebhook(event, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect((await post(stale.payload, { 'stripe-signature': stale.header })).status).toBe(400);
    // A body changed after signing.
    const good = signedWebhook(event);
    expect((await post(good.payload.replace('sub_bad', 'sub_bbd'), { 'stripe-signature': good.header })).status).toBe(400);
    expect(await tierOf(user)).toBe('free');
    expect(await h.dataSource.query('SELECT 1 FROM billing.processed_events WHERE event_id = $1', [event.id])).toHaveLength(0);
  });

  it('never moves a user back to an older state when subscription events arrive out of order', async () => {
    const user = h.newUser();
    const customer = await customerFor(user);
    const now = Math.floor(Date.now() / 1000);
    const s = (status: Stripe.Subscription.Status) => buildSubscription({ id: 'sub_order', customer, status, created: now - 100 });
    const createdIncomplete = buildStripeEvent('customer.subscription.created', s('incomplete'), { created: now - 30 });
    const activated = buildStripeEvent('customer.subscription.updated', s('active'), { created: now - 20 });
    const cancelled = buildStripeEvent('customer.subscription.deleted', s('canceled'), { created: now - 10 });
    await deliver(activated);
    expect(await tierOf(user)).toBe('premium');
    await deliver(createdIncomplete);
    expect(await tierOf(user)).toBe('premium');
    await deliver(cancelled);
    expect(await tierOf(user)).toBe('free');
    // The activation again (Stripe retries): an ended subscription never comes back.
    await deliver(buildStripeEvent('customer.subscription.updated', s('active'), { created: now - 20 }));
    expect(await tierOf(user)).toBe('free');
  });

  it('asks Stripe when two events of one subscription carry the same second', async () => {
    const user = h.newUser();
    const customer = await customerFor(user);
    const now = Math.floor(Date.now() / 1000);
    const s = (status: Stripe.Subscription.Status) => buildSubscription({ id: 'sub_same', customer, status, created: now - 100 });
    stripe.subscriptions.set('sub_same', s('active'));
    await deliver(buildStripeEvent('customer.subscription.updated', s('active'), { created: now }));
    await deliver(buildStripeEvent('customer.subscription.updated', s('past_due'), { created: now }));
    expect(await tierOf(user)).toBe('premium');
    expect(stripe.requests.some((r) => r.path === '/v1/subscriptions/sub_same')).toBe(true);
  });

  it('keeps the newer plan when the old subscription of an upgraded user is deleted afterwards', async () => {
    const user = h.newUser();
    const customer = await customerFor(user);
    const now = Math.floor(Date.now() / 1000);
    await deliver(buildStripeEvent('customer.subscription.created', buildSubscription({ id: 'sub_old', customer, created: now - 1000 }), { created: now - 1000 }));
    await deliver(
      buildStripeEvent('customer.subscription.created', buildSubscription({ id: 'sub_new', customer, price: PRICE_ENTERPRISE, created: now - 50 }), { created: now - 50 }),
    );
    expect(await tierOf(user)).toBe('enterprise');
    await deliver(buildStripeEvent('customer.subscription.deleted', buildSubscription({ id: 'sub_old', customer, status: 'canceled', created: now - 1000 }), { created: now - 10 }));
    expect(await tierOf(user)).toBe('enterprise');
  });

  it('follows a failed payment to the subscription state Stripe reports (unpaid → free)', async () => {
    const user = h.newUser();
    const customer = await customerFor(user);
    const now = Math.floor(Date.now() / 1000);
    await deliver(buildStripeEvent('customer.subscription.created', buildSubscription({ id: 'sub_pay', customer }), { created: now - 100 }));
    expect(await tierOf(user)).toBe('premium');
    stripe.subscriptions.set('sub_pay', buildSubscription({ id: 'sub_pay', customer, status: 'unpaid' }));
    const invoice = { id: 'in_1', object: 'invoice', customer, parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_pay' } } };
    const failed = buildStripeEvent('invoice.payment_failed', invoice);
    expect((await deliver(failed)).status).toBe(200);
    expect((await deliver(failed)).status).toBe(200);
    expect(await tierOf(user)).toBe('free');
    await settle();
    // Told once, for notifications to tell the user.
    expect(failures.bodies().filter((e) => e.data.userId === user.id).map((e) => e.data)).toEqual([{ userId: user.id, invoiceId: 'in_1' }]);
  });

  it('answers 404 for another webhook path', async () => {
    expect((await post('{}', {}, '/other')).status).toBe(404);
  });
});
