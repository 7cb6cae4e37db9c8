#!/usr/bin/env node
// npm run chaos: nothing lost, nothing doubled, while processes die. Boots the built system on a database, NATS
// prefix and Redis prefix of its own, with two replicas of every service (split mode, each under the restart
// supervisor npm start uses) against loopback provider fakes (@jarvis/testing/fakes), drives steady work through the
// gateway (sign-ins, chat, reminders falling due, inbound call webhooks with Twilio's retries, outbound calls queued,
// Stripe events with Stripe's retries) and every few seconds kills a random service replica with SIGKILL (its
// supervisor starts it again; the other replica of that service is not killed before it is back). With --rolling it
// first restarts every replica, one at a time, with SIGTERM, under the same load: each must exit 0 and no request
// may get a 503 or 504 meanwhile. Then it lets the system settle and reconciles:
//  - every due reminder made exactly one inbox entry and one push;
//  - every queued call was placed at the Twilio fake exactly once and ended once (completed);
//  - every inbound call made exactly one phone message (and one event announcing it);
//  - every Stripe event was applied once (and the tier it set reached the gateway once);
//  - no HTTP answer was a 5xx other than 503/504, and none of those (nor a request left without an answer) outside
//    the seconds after a kill: in flight at the kill, or sent before the killed replica answered again and had as long
//    again (20 s at least) to catch up.
// It prints cycles, requests, and lost and doubled counts; exit 0 when all are 0.
//
//   node scripts/chaos.mjs [--kills 100] [--every 4] [--rolling] [--users 16] [--json result.json]
//
// Needs a build (npx nx run-many -t build) and Postgres, Redis and NATS (with JetStream) at their usual URLs.
import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import { globalAgent } from 'node:https';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { getPriority, setPriority, tmpdir } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { canConnect, dropDatabase, ensureDatabase, parseHostPort } from './lib/infra.mjs';
import { supervise } from './lib/supervisor.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'package.json'));
const { values: options } = parseArgs({
  options: {
    kills: { type: 'string', default: process.env.CHAOS_KILLS ?? '100' },
    every: { type: 'string', default: process.env.CHAOS_EVERY_SECONDS ?? '4' },
    rolling: { type: 'boolean', default: false },
    users: { type: 'string', default: '16' },
    json: { type: 'string' },
    'keep-database': { type: 'boolean', default: false },
  },
});
const KILLS = Number(options.kills);
const EVERY_MS = Number(options.every) * 1000;
const USERS = Number(options.users);
/**
 * A 503/504 (or no answer in the client's time) is the kill's doing when its request was in flight at the kill, or
 * began after it and before the killed replica answered again, or within the catching up that follows: the restarted
 * replica runs its stalled jobs and the events it left unacknowledged, and a request it is slow to answer runs into
 * the gateway's timeout (15 s for a webhook). That lasts AFTER_RECOVERY_MS, or as long again as the restart took when
 * that was longer (a machine whose cores are busy with more than this run is slow at both alike).
 */
const AFTER_RECOVERY_MS = 20_000;
/** How long the system gets, once the load stops, to finish what it holds (jobs of killed replicas run again after
 * their 30 s lock and the next 30 s stalled check; unacknowledged events come back after 30 s). */
const SETTLE_MS = 180_000;
/** How long a process may take to start: minutes, on a machine whose cores are busy with more than this run. */
const START_MS = 300_000;
const SERVICES = ['chat', 'voice', 'telephony', 'mail', 'billing', 'notifications', 'calendar'];
const REPLICAS = 2;

const { healthSubject, EVENTS_STREAM } = require('@jarvis/contracts');
const { RpcClient } = require('@jarvis/platform');
const fakes = require('@jarvis/testing/fakes');
const twilio = require('twilio');
const { connect, AckPolicy, DeliverPolicy } = require('nats');
const { Client } = require('pg');
const Redis = require('ioredis');

const runId = `chaos${Date.now().toString(36)}`;
const databaseUrl = `${(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/jarvis').replace(/\/[^/]*$/, '')}/jarvis_${runId}`;
const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `${runId}.`;
const logDir = join(tmpdir(), `jarvis-${runId}`);
const say = (message) => console.log(`[chaos] ${message}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pick = (list) => list[Math.floor(Math.random() * list.length)];

// ---- what happened, for the reconciliation ------------------------------------------------------------------------
/** Every HTTP answer the run got: { what, start, end, status }. */
const answers = [];
/** Every kill: { at, name, recoveredAt } (recoveredAt: when the restarted replica answered its health subject). */
const kills = [];
/** SIGTERM restarts: { name, code, signal }. */
const rollingExits = [];
const rollingWindow = { start: Infinity, end: -Infinity };
const inboundCalls = []; // { callSid, userId, voiceOk, statusOk }
const stripeEvents = []; // { id, userId, delivered }
let cycles = 0;

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/** This process's priority before it was raised, and whether it was. */
const basePriority = getPriority();
let raised = false;
const trySetPriority = (pid, priority) => {
  try {
    setPriority(pid, priority);
    return true;
  } catch {
    return false;
  }
};
/** How late this process's event loop ran (the load's timers, the fakes' answers), from the start of the load. */
const driverLag = monitorEventLoopDelay({ resolution: 20 });

async function main() {
  // This process plays the outside world: the users' browsers and the providers (Twilio, Stripe, the push service,
  // the model), which have machines of their own. Raised above the system under test (when allowed), its answers and
  // its clock do not wait for the replicas it is killing and restarting on the same cores; its event loop's delay is
  // reported, so a run whose outside world was late anyway says so.
  raised = trySetPriority(0, Math.max(-20, basePriority - 10));
  for (const [name, url, port] of [['Postgres', databaseUrl, 5432], ['Redis', redisUrl, 6379], ['NATS', natsUrl, 4222]]) {
    const { host, port: p } = parseHostPort(url, port);
    if (!(await canConnect(host, p))) throw new Error(`${name} does not answer at ${host}:${p}; start it (npm start starts what is missing)`);
  }
  mkdirSync(logDir, { recursive: true });
  await ensureDatabase(databaseUrl);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;

  // ---- provider fakes -----------------------------------------------------------------------------------------------
  const twilioFake = await fakes.startTwilioFake();
  const stripeFake = await fakes.startStripeFake();
  const pushFake = await fakes.startPushFake();
  const modelFake = await fakes.startModelFake({ tokens: 5, gapMs: 1 });
  const caFile = join(logDir, 'push-ca.pem');
  writeFileSync(caFile, [].concat(globalAgent.options.ca ?? []).map(String).join('\n'));
  // Twilio plays each outbound call (answered, 5 s) and, as its connection overrides let it, retries a callback that
  // failed (a 5xx or no answer) instead of dropping it.
  twilioFake.callScript = () => ({ outcome: 'answer', duration: 5, delayMs: 200 });
  twilioFake.deliver = (url, params, signature) => twilioPost('outbound callback', url, params, signature);
  const claimable = Array.from({ length: USERS }, (_, i) => `+1646555${String(1000 + i).padStart(4, '0')}`);
  for (const number of claimable) twilioFake.numbers.push({ sid: `PN${number.slice(1).padStart(32, '0')}`, phoneNumber: number });

  const env = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATABASE_URL: databaseUrl,
    NATS_URL: natsUrl,
    REDIS_URL: redisUrl,
    NATS_SUBJECT_PREFIX: prefix,
    REDIS_PREFIX: `${runId}:`,
    METRICS_PORT: '0',
    SESSION_SECRET: `chaos-${randomUUID()}`,
    ENCRYPTION_KEY: randomUUID().replace(/-/g, '').repeat(2),
    LOGIN_MAX_FAILURES_PER_IP: '100000',
    SIGNUP_MAX_PER_IP_HOUR: '100000',
    OPENAI_API_KEY: 'sk-chaos',
    OPENAI_BASE_URL: modelFake.baseURL,
    TWILIO_ACCOUNT_SID: fakes.FAKE_ACCOUNT_SID,
    TWILIO_AUTH_TOKEN: fakes.FAKE_AUTH_TOKEN,
    TWILIO_BASE_URL: twilioFake.url,
    TWILIO_PHONE_NUMBER: '+12125550100',
    TWILIO_CLAIMABLE_NUMBERS: claimable.join(','),
    STRIPE_SECRET_KEY: 'sk_test_chaos',
    STRIPE_WEBHOOK_SECRET: fakes.WEBHOOK_SECRET,
    STRIPE_PRICE_PREMIUM: fakes.PRICE_PREMIUM,
    STRIPE_PRICE_ENTERPRISE: fakes.PRICE_ENTERPRISE,
    STRIPE_BASE_URL: stripeFake.url,
    NODE_EXTRA_CA_CERTS: caFile,
    WEB_PUSH_ALLOWED_HOSTS: '127.0.0.1',
    ALLOW_PRIVATE_NETWORK_TARGETS: '1',
    REMINDER_POLL_MS: '1000',
    OUTBOUND_RETRY_BACKOFF_MS: '1000',
    NOTIFICATION_RETRY_BACKOFF_MS: '1000',
  };

  // ---- the system: the gateway and two replicas of every service, each under a restart supervisor -------------------
  const supervisors = [];
  const start = (name, script) => {
    const log = createWriteStream(join(logDir, `${name.replace('#', '-')}.log`), { flags: 'a' });
    const supervisor = supervise({
      name, script, cwd: root, env: { ...env, SERVICE_NAME: name.split('#')[0] }, output: log,
      say: (message) => log.write(`[supervisor] ${message}\n`),
      // The system runs at the priority it was started with, not the raised one of this process (see main()).
      onStart: (child) => raised && trySetPriority(child.pid, basePriority),
      onExit: (exit) => supervisor?.onExit?.(exit),
    });
    supervisors.push(supervisor);
    return supervisor;
  };
  say(`run ${runId}: logs in ${logDir}`);
  const nc = await connect({ servers: natsUrl });
  const rpc = new RpcClient(nc, prefix);
  const db = new Client({ connectionString: databaseUrl });
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const stopAll = async () => {
    await Promise.all(supervisors.map((s) => s.stop(25_000)));
    await Promise.all([twilioFake.close(), stripeFake.close(), pushFake.close(), modelFake.close()].map((p) => p.catch(() => undefined)));
    await db.end().catch(() => undefined);
    redis.disconnect();
    await nc.close().catch(() => undefined);
    if (!options['keep-database']) await dropDatabase(databaseUrl).catch(() => undefined);
  };
  try {
    // The first replica of each service migrates its schema; the second starts once the first is up.
    for (const service of SERVICES) start(`${service}#1`, join(root, 'services', service, 'dist', 'main.js'));
    for (const service of SERVICES) await healthyPid(rpc, service, () => undefined, START_MS);
    for (const service of SERVICES) start(`${service}#2`, join(root, 'services', service, 'dist', 'main.js'));
    start('gateway', join(root, 'gateway', 'dist', 'main.js'));
    await until('the system to be healthy', async () => (await get(`${baseUrl}/health`)) === 200, START_MS);
    await db.connect();
    const replicas = supervisors.filter((s) => s.name.includes('#'));
    say(`up: gateway and ${replicas.length} service replicas on ${baseUrl}`);

    // ---- users: enterprise (through a Stripe event each), a phone line, a push subscription --------------------------
    const http = client(baseUrl);
    const users = [];
    for (let i = 0; i < USERS; i++) {
      const username = `chaos_${runId}_${i}`;
      const password = `pass-${randomUUID()}`;
      const registered = await http.call('register', 'POST', '/api/register', { body: { username, password } });
      if (registered.status !== 201) throw new Error(`register: ${registered.status} ${registered.text}`);
      users.push({ username, password, cookie: registered.cookie, id: registered.json.user.id, line: claimable[i] });
    }
    const stripe = stripeSender(baseUrl);
    for (const user of users) await stripe.send(user);
    for (const user of users) {
      await until(`${user.username} on the enterprise plan`, async () => (await http.call('user', 'GET', '/api/user', { cookie: user.cookie })).json?.subscriptionTier === 'enterprise', 60_000);
      const line = await http.call('claim line', 'POST', '/api/phone-line', { cookie: user.cookie, body: { phoneNumber: user.line } });
      if (line.status !== 200) throw new Error(`claim line: ${line.status} ${line.text}`);
      const push = await http.call('push subscribe', 'POST', '/api/push/subscribe', { cookie: user.cookie, body: pushFake.subscription('ok', user.id) });
      if (push.status !== 200) throw new Error(`push subscribe: ${push.status} ${push.text}`);
    }
    say(`${users.length} users: enterprise, each with a phone line and a push subscription`);

    // ---- steady work --------------------------------------------------------------------------------------------------
    driverLag.enable();
    const load = startLoad({ http, users, stripe, baseUrl });
    const recoveries = [];

    if (options.rolling) {
      rollingWindow.start = Date.now();
      for (const supervisor of replicas) {
        const child = supervisor.child;
        if (!child) continue;
        const exited = new Promise((r) => (supervisor.onExit = (exit) => ((supervisor.onExit = undefined), r(exit))));
        child.kill('SIGTERM');
        const exit = await exited;
        rollingExits.push({ name: supervisor.name, ...exit });
        await healthyPid(rpc, supervisor.name.split('#')[0], () => supervisor.child?.pid, START_MS);
        cycles++;
      }
      rollingWindow.end = Date.now();
      const clean = rollingExits.filter((e) => e.code === 0).length;
      say(`rolling restart: ${rollingExits.length} replicas, one at a time; ${clean} exited 0`);
    }

    // The victim is a replica whose service has every replica up (each answered its health subject since its last
    // start), as a PodDisruptionBudget of one would allow: a service is never left without a replica by the run itself,
    // so what it checks is that a dying replica loses nothing, not how long a service may be down. While the killed
    // ones come back, the kills go on among the other services.
    const down = new Set();
    const serviceOf = (supervisor) => supervisor.name.split('#')[0];
    while (kills.length < KILLS) {
      await sleep(EVERY_MS);
      const downServices = new Set([...down].map(serviceOf));
      const running = replicas.filter((s) => s.child && !downServices.has(serviceOf(s)));
      if (running.length === 0) continue;
      const victim = pick(running);
      const kill = { at: Date.now(), name: victim.name, recoveredAt: undefined };
      kills.push(kill);
      down.add(victim);
      const killedPid = victim.child.pid;
      victim.child.kill('SIGKILL');
      cycles++;
      const newPid = () => (victim.child && victim.child.pid !== killedPid ? victim.child.pid : -1);
      recoveries.push(
        healthyPid(rpc, serviceOf(victim), newPid, START_MS).then(
          () => {
            kill.recoveredAt = Date.now();
            down.delete(victim);
          },
          () => undefined,
        ),
      );
      if (kills.length % 10 === 0) say(`${kills.length} kills, ${answers.length} requests so far`);
    }
    // A little more load after the last kill, so its restart is exercised too.
    await sleep(Math.min(EVERY_MS * 2, 10_000));
    await load.stop();
    driverLag.disable();
    await Promise.all(recoveries);
    say(`load stopped after ${answers.length} requests; every killed replica is back; letting the system settle`);

    // ---- reconciliation -------------------------------------------------------------------------------------------------
    const report = await settle(() => reconcile({ db, redis, nc, twilioFake, pushFake, users }), SETTLE_MS);
    const result = summarize(report);
    if (options.json) {
      mkdirSync(dirname(resolve(options.json)), { recursive: true });
      writeFileSync(resolve(options.json), JSON.stringify(result, null, 2));
    }
    return result.ok ? 0 : 1;
  } finally {
    await stopAll();
  }
}

// ---- HTTP ---------------------------------------------------------------------------------------------------------------

async function get(url) {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(5_000) })).status;
  } catch {
    return 0;
  }
}

/** Calls through the gateway as a browser would, recording every answer. */
function client(baseUrl) {
  return {
    async call(what, method, path, { cookie, body } = {}) {
      const start = Date.now();
      let status = 0;
      let text = '';
      let setCookie = [];
      try {
        const res = await fetch(baseUrl + path, {
          method,
          headers: {
            'X-Requested-With': 'XMLHttpRequest',
            Accept: 'application/json',
            ...(cookie && { Cookie: cookie }),
            ...(body !== undefined && { 'Content-Type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(45_000),
        });
        status = res.status;
        text = await res.text();
        setCookie = res.headers.getSetCookie();
      } catch (error) {
        text = String(error);
      }
      answers.push({ what, start, end: Date.now(), status });
      let json;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      return { status, text, json, cookie: setCookie.map((c) => c.split(';')[0]).join('; ') || cookie };
    },
  };
}

/**
 * A provider's delivery of one webhook, retried as Twilio's connection overrides and Stripe do: again after 1, 2, 4,
 * 8 s while the answer is a 5xx or none came. Answers whether it was accepted (2xx) at last.
 */
async function deliver(what, send) {
  for (let attempt = 0; attempt < 6; attempt++) {
    if (attempt) await sleep(1000 * 2 ** (attempt - 1));
    const start = Date.now();
    let status = 0;
    let body = '';
    try {
      const res = await send();
      status = res.status;
      body = await res.text();
    } catch {
      status = 0;
    }
    answers.push({ what, start, end: Date.now(), status });
    if (status >= 200 && status < 300) return { status, body };
    if (status >= 400 && status < 500) return { status, body };
  }
  return { status: 0, body: '' };
}

function twilioPost(what, url, params, signature) {
  return deliver(what, () =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
      body: new URLSearchParams(params).toString(),
      signal: AbortSignal.timeout(20_000),
    }),
  );
}

/** Stripe's events for the users: a subscription on the enterprise price, created, then updated now and then. */
function stripeSender(baseUrl) {
  let n = 0;
  return {
    async send(user, { duplicate = false } = {}) {
      const subscription = fakes.buildSubscription({ id: `sub_${user.id}`, customer: `cus_${user.id}`, price: fakes.PRICE_ENTERPRISE, userId: user.id, created: 1_700_000_000 });
      const type = user.subscribed ? 'customer.subscription.updated' : 'customer.subscription.created';
      const event = fakes.buildStripeEvent(type, subscription, { id: `evt_${runId}_${++n}` });
      user.subscribed = true;
      const record = { id: event.id, userId: user.id, delivered: false };
      stripeEvents.push(record);
      const post = async () => {
        const { payload, header } = fakes.signedWebhook(event);
        const { status } = await deliver('stripe webhook', () =>
          fetch(`${baseUrl}/webhooks/billing/stripe`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'stripe-signature': header },
            body: payload,
            signal: AbortSignal.timeout(20_000),
          }),
        );
        if (status >= 200 && status < 300) record.delivered = true;
      };
      await post();
      // Stripe delivers at least once: now and then the same event again.
      if (duplicate) await post();
    },
  };
}

/** Steady work until stop(): a fixed pace, whatever the answers' latency, at most 60 requests in flight. */
function startLoad({ http, users, stripe, baseUrl }) {
  const inFlight = new Set();
  const timers = [];
  let reminders = 0;
  let outbound = 0;
  const every = (ms, fn) =>
    timers.push(
      setInterval(() => {
        if (inFlight.size >= 60) return;
        const task = fn().catch((error) => console.error('[chaos] load error', error));
        inFlight.add(task);
        void task.finally(() => inFlight.delete(task));
      }, ms),
    );
  every(2_000, async () => {
    const user = pick(users);
    const res = await http.call('sign-in', 'POST', '/api/login', { body: { username: user.username, password: user.password } });
    if (res.status === 200) user.cookie = res.cookie;
  });
  every(1_000, async () => {
    await http.call('chat', 'POST', '/api/chat', { cookie: pick(users).cookie, body: { message: `How is my day going? ${randomUUID()}` } });
  });
  every(1_000, async () => {
    const user = pick(users);
    const title = `chaos ${runId} reminder ${++reminders}`;
    await http.call('reminder', 'POST', '/api/reminders', {
      cookie: user.cookie,
      body: { title, reminder_time: new Date(Date.now() + 3_000 + Math.random() * 5_000).toISOString() },
    });
  });
  every(2_000, async () => {
    const user = pick(users);
    const number = `+1212555${String(1000 + (++outbound % 9000)).padStart(4, '0')}`;
    await http.call('outbound call', 'POST', '/api/proactive-call/missed-call-return', { cookie: user.cookie, body: { phoneNumber: number } });
  });
  every(2_000, async () => {
    const user = pick(users);
    const call = { callSid: `CA${randomUUID().replace(/-/g, '')}`, userId: user.id, voiceOk: false, statusOk: false };
    inboundCalls.push(call);
    const base = { AccountSid: fakes.FAKE_ACCOUNT_SID, CallSid: call.callSid, From: `+1718555${String(Math.floor(Math.random() * 9000) + 1000)}`, To: user.line, Direction: 'inbound' };
    const post = (path, fields) => {
      const url = `${baseUrl}/webhooks/telephony${path}`;
      const params = { ...base, ...fields };
      return twilioPost(`inbound ${path}`, url, params, twilio.getExpectedTwilioSignature(fakes.FAKE_AUTH_TOKEN, url, params));
    };
    call.voiceOk = (await post('/voice', { CallStatus: 'ringing' })).status === 200;
    await sleep(1_000);
    const status = () => post('/status', { CallStatus: 'completed', CallDuration: '12' });
    call.statusOk = (await status()).status === 204;
    // Twilio delivers at least once: now and then the same callback again.
    if (Math.random() < 0.2) await status();
  });
  every(3_000, async () => {
    await stripe.send(pick(users), { duplicate: Math.random() < 0.2 });
  });
  return {
    async stop() {
      for (const timer of timers) clearInterval(timer);
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },
  };
}

// ---- waiting ------------------------------------------------------------------------------------------------------------

async function until(what, check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await sleep(500);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Until a replica of `service` answers its health subject (the one whose pid `pidOf` names, when it names one). */
async function healthyPid(rpc, service, pidOf, timeoutMs) {
  const ctx = { userId: null, tier: 'free', requestId: `chaos-health-${service}` };
  await until(`${service} to answer`, async () => {
    const want = pidOf();
    for (let i = 0; i < 6; i++) {
      const reply = await rpc.request(healthSubject(service), {}, ctx, 2_000).catch(() => undefined);
      if (reply?.status === 'ok' && (!want || reply.pid === want)) return true;
    }
    return false;
  }, timeoutMs);
}

/** Reconciles until nothing is lost any more (the system may still be finishing work), or the time is up. */
async function settle(reconcileNow, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let report;
  for (;;) {
    report = await reconcileNow();
    const lost = Object.values(report.items).reduce((n, item) => n + item.lost, 0);
    if (lost === 0 || Date.now() > deadline) return report;
    await sleep(3_000);
  }
}

// ---- reconciliation -----------------------------------------------------------------------------------------------------

/** Every event of `name` in the run's stream, read with an ephemeral consumer. */
async function eventsOf(nc, name) {
  const jsm = await nc.jetstreamManager();
  const stream = `${prefix.replace(/[^A-Za-z0-9_-]/g, '_')}${EVENTS_STREAM}`;
  const consumer = await jsm.consumers.add(stream, {
    filter_subject: `${prefix}${name}`, ack_policy: AckPolicy.None, deliver_policy: DeliverPolicy.All, inactive_threshold: 60_000_000_000,
  });
  const events = [];
  try {
    const js = nc.jetstream();
    const reader = await js.consumers.get(stream, consumer.name);
    const pending = (await reader.info()).num_pending;
    if (pending === 0) return events;
    const messages = await reader.fetch({ max_messages: pending, expires: 10_000 });
    for await (const msg of messages) {
      events.push(msg.json());
      if (events.length >= pending) break;
    }
  } finally {
    await jsm.consumers.delete(stream, consumer.name).catch(() => undefined);
  }
  return events;
}

/** Counts a lost or doubled item, keeping the first few of each for the report. */
function note(item, kind, what) {
  item[kind]++;
  item.examples ??= [];
  if (item.examples.length < 6) item.examples.push(`${kind}: ${what}`);
}

async function reconcile({ db, redis, nc, twilioFake, pushFake, users }) {
  const ids = users.map((u) => u.id);
  const count = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);

  // Reminders that fell due: one inbox entry and one push each. A push the push service took but did not answer in
  // time (the sender gave up after 10 s) is sent again by the job's next attempt: at-least-once delivery to a provider
  // without idempotency keys, counted apart as resent. Two pushes from one attempt (a job run twice, or queued again
  // after it finished) are doubled.
  const reminders = (await db.query(
    `SELECT id, title FROM calendar.reminders WHERE user_id = ANY($1) AND reminder_time <= now() - interval '2 seconds'`, [ids])).rows;
  const inbox = new Map();
  for (const row of (await db.query(`SELECT id, message FROM notifications.notifications WHERE user_id = ANY($1) AND type = 'reminder'`, [ids])).rows) {
    inbox.set(row.message, [...(inbox.get(row.message) ?? []), row.id]);
  }
  const pushes = new Map();
  for (const push of pushFake.received) if (push.payload?.tag === 'reminder') count(pushes, push.payload.notificationId);
  const reminderItem = { total: reminders.length, lost: 0, doubled: 0, resent: 0 };
  for (const { title } of reminders) {
    const entries = inbox.get(title) ?? [];
    const pushed = entries.reduce((n, id) => n + (pushes.get(id) ?? 0), 0);
    if (entries.length === 0 || pushed === 0) {
      note(reminderItem, 'lost', `${title}: ${entries.length} inbox entries, ${pushed} pushes`);
      continue;
    }
    const attempts = entries.length === 1 ? Number((await redis.hget(`${runId}:notification-channels:${entries[0]}-push`, 'atm')) ?? 0) : 0;
    if (entries.length > 1 || pushed > Math.max(1, attempts)) note(reminderItem, 'doubled', `${title}: ${entries.length} inbox entries, ${pushed} pushes from ${attempts} attempts`);
    else if (pushed > 1) reminderItem.resent++;
  }

  // Outbound calls: placed at Twilio once, ended once (completed).
  const logs = (await db.query(`SELECT id, status, error_message FROM telephony.call_logs WHERE user_id = ANY($1)`, [ids])).rows;
  const placed = new Map();
  for (const call of twilioFake.calls) count(placed, new URL(call.url).searchParams.get('callLogId'));
  const completedEvents = new Map();
  for (const event of await eventsOf(nc, 'evt.telephony.call.completed')) count(completedEvents, event.data.callId);
  const callItem = { total: logs.length, lost: 0, doubled: 0, failed: [] };
  for (const log of logs) {
    const [times, ended] = [placed.get(log.id) ?? 0, completedEvents.get(log.id) ?? 0];
    if (times === 0 || ended === 0 || log.status !== 'completed') note(callItem, 'lost', `call ${log.id}: placed ${times}, ended ${ended}, ${log.status}`);
    if (log.status === 'failed') callItem.failed.push(log.error_message);
    if (times > 1 || ended > 1) note(callItem, 'doubled', `call ${log.id}: placed ${times}, ended ${ended}`);
  }

  // Inbound calls Twilio got through to us: one phone message each, announced once.
  const answered = inboundCalls.filter((c) => c.voiceOk && c.statusOk);
  const messages = new Map();
  const messageIds = new Map();
  for (const row of (await db.query(`SELECT id, source_sid FROM telephony.phone_messages WHERE user_id = ANY($1)`, [ids])).rows) {
    count(messages, row.source_sid);
    messageIds.set(row.source_sid, row.id);
  }
  const announced = new Map();
  for (const event of await eventsOf(nc, 'evt.telephony.phone-message.received')) count(announced, event.data.phoneMessageId);
  const inboundItem = { total: answered.length, lost: 0, doubled: 0 };
  for (const call of answered) {
    const [made, told] = [messages.get(call.callSid) ?? 0, announced.get(messageIds.get(call.callSid)) ?? 0];
    if (made === 0 || told === 0) note(inboundItem, 'lost', `${call.callSid}: ${made} phone messages, announced ${told}`);
    if (made > 1 || told > 1) note(inboundItem, 'doubled', `${call.callSid}: ${made} phone messages, announced ${told}`);
  }

  // Stripe events Stripe got through: applied once; each user's tier announced once and applied by the gateway.
  const delivered = stripeEvents.filter((e) => e.delivered);
  const applied = new Map();
  for (const row of (await db.query(`SELECT event_id FROM billing.processed_events WHERE consumer = 'stripe-webhook' AND event_id = ANY($1)`, [delivered.map((e) => e.id)])).rows) count(applied, row.event_id);
  const tierEvents = new Map();
  for (const event of await eventsOf(nc, 'evt.billing.tier.changed')) count(tierEvents, event.data.userId);
  const tiers = new Map((await db.query(`SELECT id, subscription_tier FROM identity.users WHERE id = ANY($1)`, [ids])).rows.map((r) => [r.id, r.subscription_tier]));
  const stripeItem = { total: delivered.length, lost: 0, doubled: 0 };
  for (const event of delivered) if ((applied.get(event.id) ?? 0) === 0) note(stripeItem, 'lost', `${event.id} not applied`);
  for (const user of users) {
    if (tiers.get(user.id) !== 'enterprise') note(stripeItem, 'lost', `${user.username} is ${tiers.get(user.id)}`);
    if ((tierEvents.get(user.id) ?? 0) > 1) note(stripeItem, 'doubled', `${user.username}: tier announced ${tierEvents.get(user.id)} times`);
  }

  return { items: { 'due reminders': reminderItem, 'outbound calls': callItem, 'inbound calls': inboundItem, 'Stripe events': stripeItem } };
}

function summarize(report) {
  const excused = (a) =>
    kills.some((k) => {
      const caughtUp = k.recoveredAt === undefined ? Infinity : k.recoveredAt + Math.max(AFTER_RECOVERY_MS, k.recoveredAt - k.at);
      return (a.start <= k.at && a.end >= k.at) || (a.start >= k.at && a.start <= caughtUp);
    });
  const inRolling = (a) => a.end >= rollingWindow.start && a.start <= rollingWindow.end;
  const byStatus = new Map();
  for (const a of answers) byStatus.set(a.status, (byStatus.get(a.status) ?? 0) + 1);
  // No answer within the client's time (a provider's webhook timeout) is a gateway timeout seen from outside.
  const unavailable = answers.filter((a) => a.status === 503 || a.status === 504 || a.status === 0);
  const bad5xx = answers.filter((a) => a.status >= 500 && a.status !== 503 && a.status !== 504);
  const outsideKills = unavailable.filter((a) => inRolling(a) || !excused(a));
  const lost = Object.values(report.items).reduce((n, i) => n + i.lost, 0);
  const doubled = Object.values(report.items).reduce((n, i) => n + i.doubled, 0);
  const uncleanExits = rollingExits.filter((e) => e.code !== 0);
  const checks = [
    { name: 'nothing lost', ok: lost === 0 },
    { name: 'nothing doubled', ok: doubled === 0 },
    { name: 'no 5xx but 503/504', ok: bad5xx.length === 0 },
    { name: 'no 503/504 or unanswered request outside the seconds after a kill', ok: outsideKills.length === 0 },
    ...(options.rolling ? [{ name: 'every replica stopped by SIGTERM exited 0', ok: uncleanExits.length === 0 && rollingExits.length === SERVICES.length * REPLICAS }] : []),
    ...Object.entries(report.items).map(([name, item]) => ({ name: `${name}: ${item.total} reconciled`, ok: item.total > 0 && item.lost === 0 && item.doubled === 0 })),
  ];
  const line = (name, item) =>
    `${name}: ${item.total}, lost ${item.lost}, doubled ${item.doubled}${item.resent ? ` (${item.resent} pushed again by a retry after the push service did not answer in time)` : ''}`;
  console.log('');
  say(`cycles: ${cycles} (${kills.length} kills with SIGKILL every ${EVERY_MS / 1000} s${options.rolling ? `, ${rollingExits.length} replicas restarted with SIGTERM, ${rollingExits.length - uncleanExits.length} exited 0` : ''})`);
  say(`requests: ${answers.length} (${[...byStatus].sort(([a], [b]) => a - b).map(([s, n]) => `${s || 'no answer'}: ${n}`).join(', ')})`);
  say(`503/504 or no answer: ${unavailable.length}, ${outsideKills.length} outside the seconds after a kill; other 5xx: ${bad5xx.length}`);
  const ms = (ns) => (ns / 1e6).toFixed(0);
  say(`this process (the outside world${raised ? ', raised priority' : ''}): event loop delay p50 ${ms(driverLag.percentile(50))} ms, p99 ${ms(driverLag.percentile(99))} ms, max ${ms(driverLag.max)} ms`);
  const recovery = kills.filter((k) => k.recoveredAt).map((k) => k.recoveredAt - k.at).sort((a, b) => a - b);
  if (recovery.length) say(`a killed replica answered again after ${(recovery[Math.floor(recovery.length / 2)] / 1000).toFixed(1)} s (median), ${(recovery.at(-1) / 1000).toFixed(1)} s at most`);
  for (const [name, item] of Object.entries(report.items)) {
    say(line(name, item));
    for (const example of item.examples ?? []) say(`  ${example}`);
  }
  const failed = report.items['outbound calls'].failed;
  if (failed.length) say(`outbound calls ended failed: ${[...new Set(failed)].join('; ')}`);
  for (const a of [...bad5xx, ...outsideKills].slice(0, 10)) {
    const last = kills.filter((k) => k.at <= a.start).at(-1);
    const since = last ? `, ${((a.start - last.at) / 1000).toFixed(1)} s after ${last.name} was killed (back after ${last.recoveredAt ? `${((last.recoveredAt - last.at) / 1000).toFixed(1)} s` : 'never'})` : '';
    say(`  ${a.what}: ${a.status || 'no answer'} after ${((a.end - a.start) / 1000).toFixed(1)} s${since}`);
  }
  say(`lost ${lost}, doubled ${doubled}`);
  const passed = checks.filter((c) => c.ok).length;
  for (const c of checks.filter((c) => !c.ok)) say(`FAILED: ${c.name}`);
  console.log(`chaos: ${passed} passed, ${checks.length - passed} failed`);
  return {
    ok: passed === checks.length,
    passed,
    failed: checks.length - passed,
    checks,
    cycles,
    kills: kills.length,
    recoveryMs: kills.map((k) => (k.recoveredAt ? k.recoveredAt - k.at : null)),
    driverLagMs: { p50: driverLag.percentile(50) / 1e6, p99: driverLag.percentile(99) / 1e6, max: driverLag.max / 1e6 },
    rolling: rollingExits,
    requests: answers.length,
    statuses: Object.fromEntries(byStatus),
    lost,
    doubled,
    items: report.items,
    logs: logDir,
  };
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`[chaos] ${error.stack ?? error}`);
    console.error(`[chaos] logs in ${logDir}`);
    process.exit(1);
  },
);
