import { randomUUID } from 'node:crypto';
import { RedisConnection } from '@jarvis/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayHarness, startGateway, startReplica, uniqueName } from '../testing/harness';
import { RedisSessionStore, sessionKey } from './redis-session-store';

/** The session as connect-redis 9 wrote it before the gateway moved to ioredis: JSON, expiring with its cookie. */
function connectRedisRecord(userId: string, expires: Date) {
  return JSON.stringify({
    cookie: { expires: expires.toISOString(), originalMaxAge: 86_400_000, sameSite: 'lax', secure: false, path: '/', httpOnly: true },
    userId,
  });
}

describe('sessions in Redis', () => {
  let gw: GatewayHarness;
  let redis: RedisConnection;

  beforeAll(async () => {
    gw = await startGateway('session-store');
    redis = gw.app.get(RedisConnection);
  });
  afterAll(() => gw?.close());

  const call = <T>(fn: (cb: (error?: unknown, value?: T) => void) => void) =>
    new Promise<T | undefined>((resolve, reject) => fn((error, value) => (error ? reject(error) : resolve(value))));

  it('keeps a session where connect-redis kept it: JSON under <REDIS_PREFIX>sess:<id>, expiring with its cookie', async () => {
    const store = new RedisSessionStore(redis);
    const sid = randomUUID();
    const session = { cookie: { expires: new Date(Date.now() + 3_600_000), path: '/' }, userId: 'u1' };
    await call((cb) => store.set(sid, session, cb));

    expect(sessionKey(redis, sid)).toBe(`${gw.env.redisPrefix}sess:${sid}`);
    expect(JSON.parse((await redis.client.get(`${gw.env.redisPrefix}sess:${sid}`))!)).toEqual(JSON.parse(JSON.stringify(session)));
    const ttl = await redis.client.ttl(`${gw.env.redisPrefix}sess:${sid}`);
    expect(ttl).toBeGreaterThan(3_590);
    expect(ttl).toBeLessThanOrEqual(3_600);
    expect(await call((cb) => store.get(sid, cb))).toEqual(JSON.parse(JSON.stringify(session)));

    await call((cb) => store.destroy(sid, cb));
    expect(await redis.client.exists(`${gw.env.redisPrefix}sess:${sid}`)).toBe(0);
    expect(await call((cb) => store.get(sid, cb))).toBeNull();
  });

  it('stores nothing for a session whose cookie has expired, and drops what was there', async () => {
    const store = new RedisSessionStore(redis);
    const sid = randomUUID();
    await redis.client.set(sessionKey(redis, sid), connectRedisRecord('u2', new Date(Date.now() + 60_000)), 'EX', 60);
    await call((cb) => store.set(sid, { cookie: { expires: new Date(Date.now() - 1_000) }, userId: 'u2' }, cb));
    expect(await redis.client.exists(sessionKey(redis, sid))).toBe(0);
  });

  it('signs in, keeping the session under the session cookie id for SESSION_MAX_AGE_DAYS', async () => {
    const client = gw.client();
    expect((await client.post('/api/register', { username: uniqueName(), password: 'secret1' })).status).toBe(201);
    // The cookie is `<session id>.<signature>`, URL-encoded.
    const sid = decodeURIComponent(client.sessionCookie()!).split('.')[0];
    const stored = JSON.parse((await redis.client.get(`${gw.env.redisPrefix}sess:${sid}`))!) as { userId: string };
    expect(stored.userId).toEqual(expect.any(String));
    expect(await redis.client.ttl(`${gw.env.redisPrefix}sess:${sid}`)).toBeGreaterThan(29 * 86_400);
  });

  it('keeps a browser signed in on a session written before the change, read by a replica that never cached it', async () => {
    const client = gw.client();
    await client.post('/api/register', { username: uniqueName(), password: 'secret1' });
    const me = (await client.get('/api/user')).body as { id: string };
    expect(me.id).toEqual(expect.any(String));
    const sid = decodeURIComponent(client.sessionCookie()!).split('.')[0];
    // Nothing of this session but what connect-redis had stored for this browser.
    for (const key of await redis.client.keys(`${gw.env.redisPrefix}*${sid}`)) await redis.client.del(key);
    await redis.client.set(`${gw.env.redisPrefix}sess:${sid}`, connectRedisRecord(me.id, new Date(Date.now() + 86_400_000)), 'EX', 86_400);

    const replica = await startReplica(gw);
    try {
      const there = replica.client();
      there.setCookie('jarvis.sid', client.sessionCookie()!);
      const res = await there.get('/api/user');
      expect(res.status).toBe(200);
      expect((res.body as { id: string }).id).toBe(me.id);
    } finally {
      await replica.close();
    }
  });
});
