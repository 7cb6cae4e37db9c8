import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
// From the sources: the package's index also holds the vitest helpers, which cannot be required from its CommonJS build.
import { type Scrape, scrapeMetrics, unboundedLabels } from '../../libs/testing/src/metrics';
import { type OtlpReceiver, type ReceivedSpan, SPAN_KIND, startOtlpReceiver } from '../../libs/testing/src/otlp-receiver';
import { Client } from 'pg';
import { FAKE_ACCOUNT_SID, FAKE_AUTH_TOKEN, startTwilioFake, type TwilioFake } from '@jarvis/testing/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Metrics and traces of the real system, booted the way `npm start` boots it (scripts/start.mjs, one process each,
 * on a database, NATS prefix and Redis prefix of this run's own): every process serves GET /metrics on its port from
 * METRICS_PORT_BASE, each series moves under a varied workload and no label carries an unbounded value; with an
 * OTLP endpoint (a receiver in this test, OTLP/HTTP JSON) a chat message and a Twilio status webhook are each one
 * trace across the gateway and the owning service, with the maintained instrumentations' Postgres spans under the
 * handler.
 */

const root = join(__dirname, '..', '..');
const runId = `obs${Date.now().toString(36)}`;
const databaseUrl = `postgres://postgres@127.0.0.1:5432/jarvis_${runId}`;
const PROCESSES = ['gateway', 'chat', 'voice', 'telephony', 'mail', 'billing', 'notifications', 'calendar'];
/** A number of the Twilio fake's account the operator offers (TWILIO_CLAIMABLE_NUMBERS): the user claims it as their line. */
const LINE = '+15550001111';

let system: ChildProcess | undefined;
let baseUrl = '';
let metricsBase = 0;
let receiver: OtlpReceiver;
let twilioFake: TwilioFake;
const output: string[] = [];
/** The session's cookies, as a browser keeps them. */
const cookies = new Map<string, string>();

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '0.0.0.0', () => server.close(() => resolve(true)));
  });
}

/** A port with the next `count` ports free too. */
async function freePorts(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 40_000);
    const all = await Promise.all(Array.from({ length: count }, (_, i) => portFree(base + i)));
    if (all.every(Boolean)) return base;
  }
  throw new Error(`no ${count} consecutive free ports`);
}

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(baseUrl + path, {
    method,
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      ...(cookies.size && { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') }),
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  for (const setCookie of res.headers.getSetCookie()) {
    const [pair] = setCookie.split(';');
    cookies.set(pair.slice(0, pair.indexOf('=')).trim(), pair.slice(pair.indexOf('=') + 1).trim());
  }
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, body: json, text };
}

/** A Twilio webhook signed as Twilio signs it: HMAC-SHA1 over the URL and the sorted form fields. */
function twilioWebhook(path: string, params: Record<string, string>, headers: Record<string, string> = {}) {
  const url = `${baseUrl}/webhooks/telephony${path}`;
  const signed = url + Object.keys(params).sort().map((k) => k + params[k]).join('');
  const signature = createHmac('sha1', FAKE_AUTH_TOKEN).update(signed).digest('base64');
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature, ...headers },
    body: new URLSearchParams(params).toString(),
  });
}

async function waitForHealth(timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (system?.exitCode !== null && system?.exitCode !== undefined) break;
    try {
      if ((await fetch(`${baseUrl}/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the system did not become healthy:\n${output.slice(-40).join('')}`);
}

beforeAll(async () => {
  if (!existsSync(join(root, 'gateway', 'dist', 'main.js'))) throw new Error('Build first: npx nx run-many -t build');
  receiver = await startOtlpReceiver();
  twilioFake = await startTwilioFake();
  twilioFake.numbers.push({ sid: `PN${'0'.repeat(31)}1`, phoneNumber: LINE });
  const [port, base] = [await freePorts(1), await freePorts(PROCESSES.length)];
  baseUrl = `http://127.0.0.1:${port}`;
  metricsBase = base;
  const env: NodeJS.ProcessEnv = {};
  // The providers this test does not configure stay unset, whatever the shell has.
  for (const [key, value] of Object.entries(process.env)) if (!/^(OPENAI|TWILIO|STRIPE|OTEL)_/.test(key)) env[key] = value;
  Object.assign(env, receiver.env, {
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    METRICS_PORT_BASE: String(base),
    DATABASE_URL: databaseUrl,
    NATS_SUBJECT_PREFIX: `${runId}.`,
    REDIS_PREFIX: `${runId}:`,
    JARVIS_SKIP_BUILD: '1',
    // One process each (each with its own metrics port), given as long to come up as this test waits for it.
    JARVIS_PROCESSES: 'split',
    JARVIS_START_TIMEOUT_MS: '170000',
    LOG_LEVEL: 'info',
    SIGNUP_MAX_PER_IP_HOUR: '100000',
    TWILIO_ACCOUNT_SID: FAKE_ACCOUNT_SID,
    TWILIO_AUTH_TOKEN: FAKE_AUTH_TOKEN,
    TWILIO_BASE_URL: twilioFake.url,
    TWILIO_CLAIMABLE_NUMBERS: LINE,
    STRIPE_WEBHOOK_SECRET: 'whsec_observability',
  });
  system = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [system.stdout!, system.stderr!]) {
    stream.on('data', (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.length > 5_000) output.splice(0, 2_500);
    });
  }
  await waitForHealth(170_000);
  // Healthy means every service answers on NATS; each also serves its metrics port once its start has finished.
  const deadline = Date.now() + 30_000;
  for (let i = 0; i < PROCESSES.length; i++) {
    while (!(await fetch(`http://127.0.0.1:${metricsBase + i}/metrics`).then((r) => r.ok, () => false))) {
      if (Date.now() > deadline) throw new Error(`${PROCESSES[i]} serves no metrics on :${metricsBase + i}:\n${output.slice(-40).join('')}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}, 220_000);

afterAll(async () => {
  const child = system;
  if (child && child.exitCode === null) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });
  }
  await Promise.all([receiver?.close(), twilioFake?.close()]);
  const admin = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "jarvis_${runId}" WITH (FORCE)`).finally(() => admin.end());
}, 60_000);

const scrapeAll = async (): Promise<Record<string, Scrape>> =>
  Object.fromEntries(await Promise.all(PROCESSES.map(async (name, i) => [name, await scrapeMetrics(metricsBase + i)] as const)));

/** A span a trace must hold: the process that made it, its name (or the start of it) and, when it matters, its kind. */
type Expected = [service: string, name: string, kind?: number];

/**
 * The spans of one trace, once every expected span has reached the receiver: each process exports on its own
 * schedule, so a service's handler span may come after the gateway's or after its own Postgres spans.
 */
async function traceWith(traceId: string, expected: Expected[]): Promise<ReceivedSpan[]> {
  const matches = (s: ReceivedSpan, [service, name, kind]: Expected) =>
    s.traceId === traceId && s.service === service && s.name.startsWith(name) && (kind === undefined || s.kind === kind);
  const spans = await receiver.waitForSpans(
    (all) => expected.every((e) => all.some((s) => matches(s, e))),
    `trace ${traceId} with ${expected.map(([service, name]) => `${service} ${name}`).join(', ')}`,
    30_000,
  );
  return spans.filter((s) => s.traceId === traceId);
}

describe('the running system', () => {
  it('prints the metrics port of each process, consecutive from METRICS_PORT_BASE, gateway first', () => {
    const listed = PROCESSES.map((name, i) => `${name} :${metricsBase + i}`).join(', ');
    expect(output.join('')).toContain(`metrics (GET /metrics): ${listed}`);
  });

  it('serves GET /metrics on every port, each with its process metrics, none on the public port', async () => {
    const scrapes = await scrapeAll();
    for (const name of PROCESSES) expect(scrapes[name].has('process_resident_memory_bytes'), name).toBe(true);
    expect(await (await fetch(`${baseUrl}/metrics`)).text()).not.toContain('process_resident_memory_bytes');
  });

  it('moves each series under a varied workload, and no label carries an id, a number or a URL', async () => {
    expect((await call('POST', '/api/register', { username: `obs${randomBytes(4).toString('hex')}`, password: 'secret-1' })).status).toBe(201);
    expect((await call('POST', '/api/chat', { message: 'Remind me to call +1 212 555 0100 tomorrow at 9am' })).status).toBe(200);
    const reminder = await call('POST', '/api/reminders', { title: 'Water the plants', when: 'tomorrow at 8am' });
    expect(reminder.status).toBe(201);
    await call('GET', `/api/reminders`);
    await call('DELETE', `/api/reminders/${reminder.body.id}`);
    expect((await call('DELETE', `/api/reminders/${randomUUID()}`)).status).toBe(404);
    await call('GET', '/api/notifications');
    await call('GET', '/api/phone-messages');
    await call('GET', '/api/conversations');
    await call('POST', '/api/speak', { text: 'Hello' });
    await call('GET', '/api/nothing-here?token=+15551230001');
    // The line is claimed at Twilio (the fake), then a call comes in on it and ends.
    expect((await call('POST', '/api/phone-line', { phoneNumber: LINE })).status).toBe(200);
    const sid = `CA${randomBytes(16).toString('hex')}`;
    expect((await twilioWebhook('/voice', { CallSid: sid, From: '+15557654321', To: LINE, CallStatus: 'ringing' })).status).toBe(200);
    expect((await twilioWebhook('/status', { CallSid: sid, CallStatus: 'completed', CallDuration: '3' })).status).toBeLessThan(300);
    await fetch(`${baseUrl}/webhooks/telephony/status`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'bm9wZQ==' }, body: `CallSid=${sid}` });
    await fetch(`${baseUrl}/webhooks/billing/stripe`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=bad' }, body: '{"id":"evt_1"}' });

    const m = await scrapeAll();
    expect(m.gateway.value('http_server_request_duration_seconds_count', { method: 'POST', route: '/api/chat', status_code: '200' })).toBeGreaterThanOrEqual(1);
    expect(m.gateway.value('http_server_request_duration_seconds_count', { route: '/api/reminders/:id' })).toBeGreaterThanOrEqual(2);
    expect(m.gateway.value('http_server_request_duration_seconds_count', { route: '/webhooks/:service/*' })).toBeGreaterThanOrEqual(4);
    expect(m.gateway.value('jarvis_rpc_client_duration_seconds_count', { subject: 'chat.messages.send', outcome: 'ok' })).toBeGreaterThanOrEqual(1);
    expect(m.chat.value('jarvis_rpc_server_duration_seconds_count', { subject: 'chat.messages.send', outcome: 'ok' })).toBeGreaterThanOrEqual(1);
    expect(m.calendar.value('jarvis_rpc_server_duration_seconds_count', { subject: 'calendar.reminders.delete', outcome: 'error' })).toBeGreaterThanOrEqual(1);
    expect(m.telephony.value('jarvis_webhooks_total', { service: 'telephony', outcome: 'accepted' })).toBeGreaterThanOrEqual(2);
    expect(m.telephony.value('jarvis_webhooks_total', { service: 'telephony', outcome: 'bad_signature' })).toBeGreaterThanOrEqual(1);
    expect(m.billing.value('jarvis_webhooks_total', { service: 'billing', outcome: 'bad_signature' })).toBe(1);
    expect(m.telephony.has('jarvis_queue_jobs', { queue: 'outbound-calls', state: 'waiting' })).toBe(true);
    expect(m.telephony.has('jarvis_calls_active', { direction: 'inbound' })).toBe(true);
    expect(m.telephony.value('jarvis_calls_total', { direction: 'inbound' })).toBeGreaterThanOrEqual(1);
    expect(m.telephony.value('jarvis_provider_requests_total', { provider: 'twilio', outcome: 'ok' })).toBeGreaterThanOrEqual(1);
    expect(m.telephony.value('jarvis_provider_request_duration_seconds_count', { provider: 'twilio' })).toBeGreaterThanOrEqual(1);
    expect(m.gateway.has('jarvis_jobs_total', { queue: 'accounts' })).toBe(true);
    // Node's own: memory and event loop lag in every process, and the GC histogram declared (it has samples once a GC ran).
    for (const [name, scrape] of Object.entries(m)) {
      for (const series of ['process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes']) expect(scrape.has(series), `${name} ${series}`).toBe(true);
      expect(scrape.text, name).toContain('# TYPE nodejs_gc_duration_seconds histogram');
    }
    expect(m.notifications.has('jarvis_queue_jobs', { queue: 'notification-channels', state: 'failed' })).toBe(true);
    expect(m.notifications.samples.some((s) => s.name === 'jarvis_event_consumer_pending' && s.labels.stream === 'JARVIS_EVENTS')).toBe(true);
    for (const [name, scrape] of Object.entries(m)) expect(unboundedLabels(scrape.samples), name).toEqual([]);
  });

  it('traces POST /api/chat as one tree: the gateway, its NATS request, chat handling it, and the Postgres queries of chat', async () => {
    const traceId = randomBytes(16).toString('hex');
    const res = await call('POST', '/api/chat', { message: 'Hello there' }, { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` });
    expect(res.status).toBe(200);
    const spans = await traceWith(traceId, [
      ['gateway', 'POST /api/chat', SPAN_KIND.server],
      ['gateway', 'chat.messages.send', SPAN_KIND.client],
      ['chat', 'chat.messages.send', SPAN_KIND.server],
      ['chat', 'pg.query'],
    ]);
    const root = spans.find((s) => s.name === 'POST /api/chat')!;
    const client = spans.find((s) => s.name === 'chat.messages.send' && s.kind === SPAN_KIND.client)!;
    const handled = spans.find((s) => s.name === 'chat.messages.send' && s.kind === SPAN_KIND.server)!;
    expect(root.service).toBe('gateway');
    expect(client).toMatchObject({ service: 'gateway', parentSpanId: root.spanId });
    expect(handled).toMatchObject({ service: 'chat', parentSpanId: client.spanId });
    const queries = spans.filter((s) => s.service === 'chat' && s.name.startsWith('pg.query'));
    expect(queries.length).toBeGreaterThan(0);
    // Every chat span hangs under the handler's (directly or through a pool connect).
    const ids = new Set(spans.map((s) => s.spanId));
    for (const query of queries) expect(ids.has(query.parentSpanId)).toBe(true);
  });

  it('traces a Twilio status webhook as one tree across the gateway and telephony', async () => {
    const traceId = randomBytes(16).toString('hex');
    const res = await twilioWebhook('/status', { CallSid: `CA${randomBytes(16).toString('hex')}`, CallStatus: 'completed' }, { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` });
    expect(res.status).toBeLessThan(300);
    const spans = await traceWith(traceId, [
      ['gateway', 'POST /webhooks/:service/*', SPAN_KIND.server],
      ['gateway', 'telephony.webhooks.receive', SPAN_KIND.client],
      ['telephony', 'telephony.webhooks.receive', SPAN_KIND.server],
      ['telephony', 'pg.query'],
    ]);
    const root = spans.find((s) => s.name === 'POST /webhooks/:service/*')!;
    const client = spans.find((s) => s.name === 'telephony.webhooks.receive' && s.kind === SPAN_KIND.client)!;
    const handled = spans.find((s) => s.name === 'telephony.webhooks.receive' && s.kind === SPAN_KIND.server)!;
    expect(client.parentSpanId).toBe(root.spanId);
    expect(handled).toMatchObject({ service: 'telephony', parentSpanId: client.spanId });
    expect(spans.some((s) => s.service === 'telephony' && s.name.startsWith('pg.query'))).toBe(true);
  });

  it('names the trace in a 5xx body, and the trace holds the request', async () => {
    const res = await call('POST', '/api/speak', { text: 'Hello' });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: 'PROVIDER_UNAVAILABLE', traceId: expect.stringMatching(/^[0-9a-f]{32}$/) });
    const spans = await traceWith(res.body.traceId, [
      ['gateway', 'POST /api/speak', SPAN_KIND.server],
      ['voice', 'voice.speech.speak', SPAN_KIND.server],
    ]);
    const root = spans.find((s) => s.name === 'POST /api/speak')!;
    const handled = spans.find((s) => s.service === 'voice' && s.kind === SPAN_KIND.server)!;
    expect(spans.find((s) => s.spanId === handled.parentSpanId)).toMatchObject({ service: 'gateway', parentSpanId: root.spanId });
  });

  it('writes the trace and span ids in the log lines of a traced request', async () => {
    const traceId = randomBytes(16).toString('hex');
    await fetch(`${baseUrl}/webhooks/billing/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=bad', traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` },
      body: '{"id":"evt_2"}',
    });
    const spans = await traceWith(traceId, [['billing', 'billing.webhooks.receive', SPAN_KIND.server]]);
    const handled = spans.find((s) => s.name === 'billing.webhooks.receive' && s.kind === SPAN_KIND.server)!;
    // Billing logs the refused signature inside the request: its line names the trace and the handler's span.
    const line = output
      .join('')
      .split('\n')
      .find((l) => l.includes('stripe webhook refused') && l.includes(traceId));
    expect(line).toBeDefined();
    expect(JSON.parse(line!.slice(line!.indexOf('{')))).toMatchObject({ service: 'billing', trace_id: traceId, span_id: handled.spanId });
  });
});
