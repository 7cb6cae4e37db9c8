import { EventBus } from '@jarvis/platform';
import { connect, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayHarness, startGateway, uniqueName } from '../testing/harness';

let gw: GatewayHarness;
let nc: NatsConnection;

beforeAll(async () => {
  gw = await startGateway('tiersync');
  nc = await connect({ servers: gw.env.env.NATS_URL });
});
afterAll(async () => {
  await nc?.close();
  await gw?.close();
});

describe('tier changes announced by billing', () => {
  it('are applied to the user once, and the next requests carry the new tier', async () => {
    const client = gw.client();
    await client.post('/api/register', { username: uniqueName('tier'), password: 'secret1' });
    const me = (await client.get('/api/auth/user')).body;
    expect((await client.post('/api/voice-cloning/toggle', { enabled: true })).status).toBe(402);

    const events = new EventBus(nc, gw.env.natsPrefix);
    await events.publish('evt.billing.tier.changed', { userId: me.id, tier: 'premium', stripeCustomerId: 'cus_123' }, 'tier-1');
    const deadline = Date.now() + 5000;
    let user = me;
    while (user.subscriptionTier !== 'premium' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      user = (await client.get('/api/auth/user')).body;
    }
    expect(user).toMatchObject({ subscriptionTier: 'premium', stripeCustomerId: 'cus_123' });
    // The plan check passes now; nothing serves voice here, so the request reaches NATS and finds no service.
    expect((await client.post('/api/voice-cloning/toggle', { enabled: true })).status).toBe(503);
  });
});
