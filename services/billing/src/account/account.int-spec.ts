import { randomUUID } from 'node:crypto';
import { api, type EventEnvelope, internalApi, type WebhookRequest, webhookReceivers } from '@jarvis/contracts';
import { EventBus } from '@jarvis/platform';
import { rowsHoldingUser, type ServiceHarness, startServiceHarness, type TestUser } from '@jarvis/testing';
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
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppModule } from '../app.module';

let h: ServiceHarness;
let stripe: StripeFake;
let reports: { bodies(): { data: { userId: string; service: string } }[] };

beforeAll(async () => {
  stripe = await startStripeFake();
  h = await startServiceHarness('billing', AppModule, {
    label: 'billaccount',
    env: {
      STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_PRICE_PREMIUM: PRICE_PREMIUM,
      STRIPE_PRICE_ENTERPRISE: PRICE_ENTERPRISE, STRIPE_BASE_URL: stripe.url, PUBLIC_URL: 'https://jarvis.example',
    },
  });
  reports = await h.published(internalApi.identity.reportAccountErased, { reply: () => ({ recorded: true }) });
});
afterAll(async () => {
  await h?.close();
  await stripe?.close();
});

function deliver(event: unknown) {
  const { payload, header } = signedWebhook(event);
  const request: WebhookRequest = {
    method: 'POST', path: '/stripe', query: '', headers: { 'content-type': 'application/json', 'stripe-signature': header },
    bodyBase64: Buffer.from(payload).toString('base64'), url: 'https://jarvis.example/webhooks/billing/stripe',
  };
  return h.rpc.call(webhookReceivers.billing, request, h.ctx(null));
}

/** A user on premium through checkout (its subscription at Stripe) who reserved an outgoing call this month. */
async function subscribedUser(): Promise<{ user: TestUser; subscriptionId: string }> {
  const user = h.newUser();
  await h.call(api.billing.checkout, { tier: 'premium' }, user);
  const [{ stripe_customer_id: customer }] = await h.dataSource.query('SELECT stripe_customer_id FROM billing.customers WHERE user_id = $1', [user.id]);
  const subscriptionId = `sub_${randomUUID().slice(0, 8)}`;
  stripe.subscriptions.set(subscriptionId, buildSubscription({ id: subscriptionId, customer, price: PRICE_PREMIUM, userId: user.id }));
  await deliver(buildStripeEvent('checkout.session.completed', { id: `cs_${subscriptionId}`, object: 'checkout.session', mode: 'subscription', customer, subscription: subscriptionId, client_reference_id: user.id }));
  await h.call(internalApi.billing.reserveCall, {}, user, 'premium');
  return { user, subscriptionId };
}

describe("billing's part of an account archive", () => {
  it('exports the plan, the subscriptions (no card, no Stripe id) and the calls counted', async () => {
    const { user } = await subscribedUser();
    const { files } = await h.call(internalApi.billing.accountExport, {}, user);
    expect(files['subscription.json']).toEqual({
      plan: 'premium',
      subscriptions: [{ status: 'active', plan: 'premium', createdAt: expect.any(String) }],
      callUsage: [{ month: expect.stringMatching(/^\d{4}-\d{2}$/), outgoingCalls: 1 }],
    });
    expect(JSON.stringify(files)).not.toMatch(/cus_|sub_|card|price_/);
  });

  it('imports nothing (a plan is paid at this installation’s Stripe account), once per archive', async () => {
    const { user } = await subscribedUser();
    const { files } = await h.call(internalApi.billing.accountExport, {}, user);
    const bob = h.newUser();
    const key = randomUUID().replace(/-/g, '').padEnd(64, '0');
    expect(await h.call(internalApi.billing.accountImport, { archiveKey: key, files }, bob)).toEqual({ imported: true, counts: {} });
    expect((await h.call(internalApi.billing.accountExport, {}, bob)).files['subscription.json']).toEqual({ plan: 'free', subscriptions: [], callUsage: [] });
    expect(await h.call(internalApi.billing.accountImport, { archiveKey: key, files }, bob)).toEqual({ imported: false, counts: {} });
  });

  it('cancels a deleted account’s subscription at Stripe once and erases every row; Stripe’s later webhook makes none again', async () => {
    const { user, subscriptionId } = await subscribedUser();
    const other = await subscribedUser();
    const eventId = `account-deleted-${randomUUID()}`;
    await h.get(EventBus).publish('evt.identity.account.deleted', { userId: user.id }, eventId);
    await h.waitFor(() => reports.bodies().some((b) => b.data.userId === user.id && b.data.service === 'billing'));
    expect(stripe.cancellations.filter((id) => id === subscriptionId)).toHaveLength(1);
    expect(stripe.subscriptions.get(subscriptionId)?.status).toBe('canceled');
    expect(await rowsHoldingUser(h.dataSource, user.id, ['billing'])).toEqual({});
    // The cancellation's webhook (its metadata names the user) comes after: ignored.
    expect((await deliver(buildStripeEvent('customer.subscription.deleted', stripe.subscriptions.get(subscriptionId)!))).status).toBe(200);
    expect(await rowsHoldingUser(h.dataSource, user.id, ['billing'])).toEqual({});
    expect(stripe.cancellations).not.toContain(other.subscriptionId);
    expect((await h.call(internalApi.billing.accountExport, {}, other.user)).files['subscription.json'].plan).toBe('premium');

    const envelope: EventEnvelope<'evt.identity.account.deleted'> = { id: eventId, name: 'evt.identity.account.deleted', occurredAt: new Date().toISOString(), data: { userId: user.id } };
    await h.nc.jetstream().publish(`${h.env.natsPrefix}evt.identity.account.deleted`, JSON.stringify(envelope), { msgID: randomUUID() });
    expect(await h.call(internalApi.billing.accountErase, { userId: user.id }, null)).toEqual({ done: true });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(reports.bodies().filter((b) => b.data.userId === user.id)).toHaveLength(1);
    expect(stripe.cancellations.filter((id) => id === subscriptionId)).toHaveLength(1);
  });
});
