import { connect } from 'nats';
import { Client } from 'pg';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { createTestEnv } from './test-env';

describe('createTestEnv', () => {
  it('gives two runs different databases and prefixes, and removes them all at dispose', async () => {
    const [a, b] = await Promise.all([createTestEnv('iso'), createTestEnv('iso')]);
    expect(a.databaseUrl).not.toBe(b.databaseUrl);
    expect(a.natsPrefix).not.toBe(b.natsPrefix);
    expect(a.redisPrefix).not.toBe(b.redisPrefix);

    const db = new Client({ connectionString: a.databaseUrl });
    await db.connect();
    expect((await db.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    await db.end();
    const redis = new Redis(a.env.REDIS_URL);
    await redis.set(`${a.redisPrefix}probe`, '1');
    const nc = await connect({ servers: a.env.NATS_URL });
    const jsm = await nc.jetstreamManager();
    await jsm.streams.add({ name: `${a.natsPrefix.replace(/[^A-Za-z0-9_-]/g, '_')}JARVIS_EVENTS`, subjects: [`${a.natsPrefix}evt.>`] });
    // The bucket @jarvis/platform's large payloads use (largePayloadBucket).
    const payloadBucket = `${a.natsPrefix.replace(/[^A-Za-z0-9_-]/g, '_')}jarvis_payloads`;
    await nc.jetstream().views.os(payloadBucket);

    await a.dispose();
    await b.dispose();

    const admin = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
    await admin.connect();
    const name = new URL(a.databaseUrl).pathname.slice(1);
    expect((await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount).toBe(0);
    await admin.end();
    expect(await redis.get(`${a.redisPrefix}probe`)).toBeNull();
    await redis.quit();
    await expect(jsm.streams.info(`${a.natsPrefix.replace(/[^A-Za-z0-9_-]/g, '_')}JARVIS_EVENTS`)).rejects.toThrow();
    await expect(jsm.streams.info(`OBJ_${payloadBucket}`)).rejects.toThrow();
    await nc.close();
  });
});
