import { DomainError, internalApi, type RequestContext } from '@jarvis/contracts';
import { RpcClient } from '@jarvis/platform';
import { connect, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayHarness, startGateway, uniqueName } from '../testing/harness';

let gw: GatewayHarness;
let nc: NatsConnection;
let rpc: RpcClient;

beforeAll(async () => {
  gw = await startGateway('quota-charge', { QUOTA_CHAT_MESSAGES_FREE: '2', QUOTA_AUDIO_SECONDS_FREE: '12' });
  nc = await connect({ servers: gw.env.env.NATS_URL });
  rpc = new RpcClient(nc, gw.env.natsPrefix);
}, 60_000);
afterAll(async () => {
  delete process.env.QUOTA_CHAT_MESSAGES_FREE;
  delete process.env.QUOTA_AUDIO_SECONDS_FREE;
  await nc?.close();
  await gw?.close();
});

async function signedIn() {
  const client = gw.client();
  const { body } = await client.post('/api/register', { username: uniqueName('charge'), password: 'secret1' });
  const ctx: RequestContext = { userId: body.user.id as string, tier: 'free', requestId: 'test-charge' };
  return { client, ctx };
}

const failure = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);

describe('a quota charged by a service while it runs (a live voice session)', () => {
  it('counts within the daily limit and refuses past it with QUOTA_EXCEEDED, counting nothing', async () => {
    const { ctx } = await signedIn();
    const charge = (cost: number) => rpc.call(internalApi.identity.chargeQuota, { kind: 'audio_seconds', cost }, ctx);
    expect(await charge(5)).toEqual({ used: 5, limit: 12 });
    expect(await charge(5)).toEqual({ used: 10, limit: 12 });
    const refused = await failure(charge(5));
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ code: 'QUOTA_EXCEEDED', details: { kind: 'audio_seconds', limit: 12, requiresUpgrade: true } });
    expect((refused as Error).message).toMatch(/this needs 5 seconds and 2 of the Free plan's 12 a day are left/);
    expect(await charge(2)).toEqual({ used: 12, limit: 12 });
  });

  it("shares the counter with the metered endpoints: a session's exchanges use up the chat messages of /api/chat", async () => {
    const { client, ctx } = await signedIn();
    await rpc.call(internalApi.identity.chargeQuota, { kind: 'chat_messages', cost: 1 }, ctx);
    await rpc.call(internalApi.identity.chargeQuota, { kind: 'chat_messages', cost: 1 }, ctx);
    const refused = await client.post('/api/chat', { message: 'one more' });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'QUOTA_EXCEEDED', kind: 'chat_messages', limit: 2 });
  });

  it("counts an enterprise user's use without a limit, and refuses a call without a user or with a kind that is none", async () => {
    const { ctx } = await signedIn();
    expect(await rpc.call(internalApi.identity.chargeQuota, { kind: 'audio_seconds', cost: 50 }, { ...ctx, tier: 'enterprise' })).toEqual({ used: 50, limit: 'unlimited' });
    expect(await failure(rpc.call(internalApi.identity.chargeQuota, { kind: 'audio_seconds', cost: 1 }, { ...ctx, userId: null }))).toMatchObject({ kind: 'UNAUTHENTICATED' });
    expect(await failure(rpc.request(internalApi.identity.chargeQuota.subject, { kind: 'gold', cost: 1 }, ctx, 3_000))).toMatchObject({ kind: 'VALIDATION' });
  });
});
