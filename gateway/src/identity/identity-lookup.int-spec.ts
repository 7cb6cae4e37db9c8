import { randomUUID } from 'node:crypto';
import { DomainError, internalApi, type RequestContext } from '@jarvis/contracts';
import { RpcClient } from '@jarvis/platform';
import { connect, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayHarness, startGateway, uniqueName } from '../testing/harness';

let gw: GatewayHarness;
let nc: NatsConnection;
let rpc: RpcClient;
/** Services call these from consumers and jobs, with no user in their context. */
const ctx: RequestContext = { userId: null, tier: 'free', requestId: 'test-lookup' };

beforeAll(async () => {
  gw = await startGateway('identity-lookup');
  nc = await connect({ servers: gw.env.env.NATS_URL });
  rpc = new RpcClient(nc, gw.env.natsPrefix);
});
afterAll(async () => {
  await nc?.close();
  await gw?.close();
});

describe('identity look-ups for other services', () => {
  it("answers a user's names, e-mail and plan by id and by username in any case", async () => {
    const client = gw.client();
    const username = uniqueName('Lookup');
    await client.post('/api/register', { username, password: 'secret1', email: 'Ada@Example.com' });
    await client.put('/api/user/profile', { firstName: 'Ada', lastName: 'Lovelace' });
    const me = (await client.get('/api/auth/user')).body as { id: string };
    const profile = { id: me.id, username, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', emailVerified: false, tier: 'free' };
    expect(await rpc.call(internalApi.identity.userProfile, { userId: me.id }, ctx)).toEqual(profile);
    expect(await rpc.call(internalApi.identity.findUser, { username: username.toUpperCase() }, ctx)).toEqual(profile);
  });

  it('answers NOT_FOUND for no such user and VALIDATION for an id that is not one', async () => {
    const unknown = await rpc.call(internalApi.identity.userProfile, { userId: randomUUID() }, ctx).catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(DomainError);
    expect(unknown).toMatchObject({ kind: 'NOT_FOUND' });
    expect(await rpc.call(internalApi.identity.findUser, { username: 'nobody-here' }, ctx).catch((e: unknown) => e)).toMatchObject({ kind: 'NOT_FOUND' });
    expect(await rpc.call(internalApi.identity.userProfile, { userId: 'x' }, ctx).catch((e: unknown) => e)).toMatchObject({ kind: 'VALIDATION' });
  });
});
