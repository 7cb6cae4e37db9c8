#!/usr/bin/env node
// Outbound calls from the queue to Twilio, measured on the built services: 3 telephony replicas and billing on a
// database and NATS / Redis prefixes of their own, Twilio played by the shared Twilio fake (@jarvis/testing/fakes):
// it answers Calls.create, and for each placed call the bench sends the signed 'completed' callback through
// telephony's webhook subject (as the gateway's ingress forwards it).
//  - Enqueue: POST /api/proactive-call/missed-call-return as the gateway sends it over NATS (billing reserves each
//    call on the enterprise plan), BENCH_OUTBOUND_PARALLEL at a time: p50 and p99.
//  - Dispatch: every call is scheduled for the same instant; once due, calls placed per second across the replicas
//    (target >= 200/s), then duplicates (a call placed twice: 0) and losses (a call never placed or never ended: 0).
//  - The telephony replicas' CPU time a call (placing it and ending it from its callback): on a machine shared with
//    other work, the rate says more about the machine than this figure does.
// Run alone with `node scripts/bench/outbound-calls.mjs` (after a build), or as section 8 of `npm run bench`.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dropDatabase, ensureDatabase } from '../lib/infra.mjs';
import { cpuMs } from './gateway-edges.mjs';

const round = (x) => Math.round(x * 100) / 100;
const PUBLIC_URL = 'https://bench.jarvis.test';

export async function benchOutboundCalls({
  root,
  calls = Number(process.env.BENCH_OUTBOUND_CALLS ?? 1000),
  replicas = 3,
  concurrency = Number(process.env.BENCH_OUTBOUND_CONCURRENCY ?? 200),
  parallel = Number(process.env.BENCH_OUTBOUND_PARALLEL ?? 50),
}) {
  const require = createRequire(join(root, 'package.json'));
  const { RpcClient } = require('@jarvis/platform');
  const { api, webhookReceivers, healthSubject } = require('@jarvis/contracts');
  const twilio = require('twilio');
  const { connect } = require('nats');
  const { Client } = require('pg');
  const { FAKE_ACCOUNT_SID: ACCOUNT_SID, FAKE_AUTH_TOKEN: AUTH_TOKEN, startTwilioFake } = require('@jarvis/testing/fakes');

  const runId = `obench${Date.now().toString(36)}`;
  const databaseUrl = `${(process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres').replace(/\/[^/]*$/, '')}/jarvis_${runId}`;
  const prefix = `${runId}.`;
  const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
  await ensureDatabase(databaseUrl);
  const nc = await connect({ servers: natsUrl });
  const rpc = new RpcClient(nc, prefix);
  const children = [];
  // The gateway's identity, as telephony asks it for the caller's first name (the opening says on whose behalf).
  const { JSONCodec } = require('nats');
  const codec = JSONCodec();
  nc.subscribe(`${prefix}identity.users.profile`, {
    callback: (_err, msg) => {
      const { data } = codec.decode(msg.data);
      msg.respond(codec.encode({ ok: true, data: { id: data.userId, username: 'bench', firstName: 'Bench', lastName: null, email: null, tier: 'enterprise' } }));
    },
  });

  // Twilio: Calls.create answered at once; the call is held ('hold': the fake plays no callbacks) and the bench sends
  // its one 'completed' callback, signed over our PUBLIC_URL, through NATS.
  const placements = new Map(); // call log id -> times placed
  const placedAt = [];
  const callbacks = [];
  const fake = await startTwilioFake();
  fake.callScript = (call) => {
    const id = new URL(call.url).searchParams.get('callLogId');
    placements.set(id, (placements.get(id) ?? 0) + 1);
    placedAt.push(performance.now());
    const url = call.statusCallback;
    const params = { AccountSid: ACCOUNT_SID, CallSid: call.sid, CallStatus: 'completed', CallDuration: '5', To: call.to, From: call.from };
    const body = new URLSearchParams(params).toString();
    const [path, query] = url.slice(`${PUBLIC_URL}/webhooks/telephony`.length).split('?');
    callbacks.push(
      rpc.call(webhookReceivers.telephony, {
        method: 'POST', path, query, url, bodyBase64: Buffer.from(body).toString('base64'),
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilio.getExpectedTwilioSignature(AUTH_TOKEN, url, params) },
      }, { userId: null, tier: 'free', requestId: `bench-${call.sid}` }).catch((error) => ({ error })),
    );
    return { outcome: 'hold' };
  };

  const env = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    DB_POOL_MAX: '10',
    NATS_URL: natsUrl,
    NATS_SUBJECT_PREFIX: prefix,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `${runId}:`,
    PUBLIC_URL,
    SESSION_SECRET: 'bench-outbound',
    TWILIO_ACCOUNT_SID: ACCOUNT_SID,
    TWILIO_AUTH_TOKEN: AUTH_TOKEN,
    TWILIO_PHONE_NUMBER: '+12125550100',
    TWILIO_BASE_URL: fake.url,
    OUTBOUND_CONCURRENCY: String(concurrency),
    OPENAI_API_KEY: '',
    OPENAI_BASE_URL: '',
  };
  const start = (service) => {
    const profile = process.env.BENCH_CPU_PROF_DIR && service === 'telephony' ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`] : [];
    const child = spawn(process.execPath, [...profile, join(root, `services/${service}/dist/main.js`)], { cwd: root, env: { ...env, SERVICE_NAME: service }, stdio: ['ignore', 'ignore', 'pipe'] });
    child.output = '';
    child.stderr.on('data', (c) => (child.output += c));
    children.push(child);
    return child;
  };
  const db = new Client({ connectionString: databaseUrl });
  try {
    // Billing first (both migrate the same database at start), then the telephony replicas one by one.
    start('billing');
    await healthy(rpc, healthSubject('billing'), children);
    for (let i = 0; i < replicas; i++) {
      start('telephony');
      await healthy(rpc, healthSubject('telephony'), children);
    }
    await new Promise((r) => setTimeout(r, 2000)); // every replica's workers are up
    await db.connect();

    // Enqueue every call for the same instant, a few seconds after the last one is expected in.
    const dueAt = Date.now() + Math.max(10_000, calls * 15);
    const enqueue = [];
    const ids = [];
    let refused = 0;
    let firstError = '';
    let next = 0;
    await Promise.all(Array.from({ length: parallel }, async () => {
      while (next < calls) {
        const i = next++;
        const ctx = { userId: randomUUID(), tier: 'enterprise', requestId: `bench-enqueue-${i}` };
        const t0 = performance.now();
        try {
          const { callId } = await rpc.call(api.telephony.missedCallReturn, {
            phoneNumber: `+1212555${String(i % 10_000).padStart(4, '0')}`, scheduledTime: new Date(dueAt).toISOString(),
          }, ctx);
          enqueue.push(performance.now() - t0);
          ids.push(callId);
        } catch (error) {
          refused++;
          firstError ||= error.message;
        }
      }
    }));
    if (Date.now() > dueAt) throw new Error(`enqueueing took longer than the ${Math.round((dueAt - Date.now()) / 1000)} s planned`);

    // Dispatch: wait until every call ended (or nothing moves for 30 s).
    const telephonyPids = children.filter((c) => c.spawnargs.some((a) => a.includes('telephony'))).map((c) => c.pid);
    const cpuBefore = telephonyPids.reduce((sum, pid) => sum + cpuMs(pid), 0);
    let last = -1;
    let still = Date.now();
    for (;;) {
      const { rows } = await db.query(`SELECT count(*)::int AS n FROM telephony.call_logs WHERE status IN ('completed', 'failed')`);
      if (rows[0].n >= ids.length) break;
      if (rows[0].n !== last) [last, still] = [rows[0].n, Date.now()];
      if (Date.now() - still > 30_000) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    await Promise.all(callbacks);
    const telephonyCpuMs = telephonyPids.reduce((sum, pid) => sum + cpuMs(pid), 0) - cpuBefore;
    const { rows } = await db.query(`SELECT status, count(*)::int AS n FROM telephony.call_logs GROUP BY status`);
    const byStatus = Object.fromEntries(rows.map((r) => [r.status, r.n]));
    const placedIds = ids.filter((id) => placements.has(id));
    const duplicates = [...placements.values()].reduce((sum, n) => sum + n - 1, 0);
    const sorted = [...placedAt].sort((a, b) => a - b);
    const spanS = (sorted.at(-1) - sorted[0]) / 1000;
    const pct = (list, p) => round([...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(p * list.length))]);
    return {
      calls,
      replicas,
      concurrency,
      enqueued: ids.length,
      refused,
      'enqueue p50 ms': pct(enqueue, 0.5),
      'enqueue p99 ms': pct(enqueue, 0.99),
      'dispatched per s': spanS > 0 ? Math.round(placedIds.length / spanS) : placedIds.length,
      'telephony CPU ms a call': round(telephonyCpuMs / Math.max(1, ids.length)),
      duplicates,
      losses: ids.length - placedIds.length + (ids.length - (byStatus.completed ?? 0) - (byStatus.failed ?? 0)),
      completed: byStatus.completed ?? 0,
      failed: byStatus.failed ?? 0,
      firstError,
    };
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : undefined)));
    await db.end().catch(() => undefined);
    await nc.close();
    await fake.close();
    await dropDatabase(databaseUrl).catch(() => undefined);
    await clearRedis(env.REDIS_URL, env.REDIS_PREFIX, require).catch(() => undefined);
  }
}

async function healthy(rpc, subject, children) {
  for (let i = 0; i < 240; i++) {
    const dead = children.find((c) => c.exitCode !== null);
    if (dead) throw new Error(`a service exited at start:\n${dead.output}`);
    const ok = await rpc.request(subject, {}, { userId: null, tier: 'free', requestId: 'bench-health' }, 1000).then(() => true, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${subject} did not answer`);
}

async function clearRedis(url, prefix, require) {
  const { Redis } = require('ioredis');
  const redis = new Redis(url);
  let cursor = '0';
  do {
    const [nextCursor, keys] = await redis.scan(cursor, 'MATCH', `${prefix.replace(/:+$/, '')}*`, 'COUNT', 1000);
    cursor = nextCursor;
    if (keys.length) await redis.del(...keys);
  } while (cursor !== '0');
  redis.disconnect();
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
  const result = await benchOutboundCalls({ root });
  console.table([result]);
  console.log(`${result['dispatched per s']} calls dispatched per second over ${result.replicas} replicas (target >= 200); ` +
    `${result.duplicates} duplicates, ${result.losses} losses (target 0 and 0)`);
  process.exit(0);
}
