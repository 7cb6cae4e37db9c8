import { randomBytes } from 'node:crypto';
import { connect } from 'nats';
import { Client } from 'pg';
import { Redis } from 'ioredis';

export interface TestEnv {
  /** The variables every process of this test run reads (also applied to process.env). */
  env: Record<string, string>;
  databaseUrl: string;
  natsPrefix: string;
  redisPrefix: string;
  dispose(): Promise<void>;
}

const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function withDatabase(url: string, database: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * Gives a test run its own database, NATS subject prefix (and JetStream stream and Object Store buckets) and Redis key
 * prefix on the real servers, so runs in parallel never see each other. `dispose()` removes all of them.
 */
export async function createTestEnv(label: string): Promise<TestEnv> {
  const id = `${label.replace(/[^a-z0-9]/gi, '').toLowerCase().slice(0, 20)}_${randomBytes(4).toString('hex')}`;
  const database = `jarvis_t_${id}`;
  const admin = new Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${database}"`);
  await admin.end();

  const natsPrefix = `t${id}.`;
  const redisPrefix = `t${id}:`;
  const databaseUrl = withDatabase(ADMIN_URL, database);
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    DB_POOL_MAX: '3',
    NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    NATS_SUBJECT_PREFIX: natsPrefix,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: redisPrefix,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SESSION_SECRET: 'test-session-secret',
    // Every service a test starts serves /metrics on a port the system chooses (RunningService.metricsPort).
    METRICS_PORT: '0',
  };
  Object.assign(process.env, env);

  return {
    env,
    databaseUrl,
    natsPrefix,
    redisPrefix,
    async dispose() {
      await dropDatabase(database).catch(() => undefined);
      await deleteStream(env.NATS_URL, natsPrefix).catch(() => undefined);
      await deleteRedisKeys(env.REDIS_URL, redisPrefix).catch(() => undefined);
    },
  };
}

async function dropDatabase(database: string) {
  const admin = new Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  await admin.end();
}

async function deleteStream(url: string, prefix: string) {
  const nc = await connect({ servers: url });
  try {
    const jsm = await nc.jetstreamManager();
    const stem = prefix.replace(/[^A-Za-z0-9_-]/g, '_');
    await jsm.streams.delete(`${stem}JARVIS_EVENTS`).catch(() => undefined);
    // The run's Object Store buckets (large payloads): streams named OBJ_<bucket>, each bucket named after the prefix.
    for await (const name of jsm.streams.names()) {
      if (name.startsWith(`OBJ_${stem}`)) await jsm.streams.delete(name).catch(() => undefined);
    }
  } finally {
    await nc.close();
  }
}

/** Deletes every key that starts with `prefix` (a test run's REDIS_PREFIX, or a queue test's BullMQ prefix). */
export async function deleteRedisKeys(url: string, prefix: string) {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
}
