import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';
import { allEndpoints, type Endpoint, type FieldPath, inputWith, requestFields } from '@jarvis/contracts';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * A black-box probe of every declared endpoint with hostile input, against the real system booted the way the
 * browser tests boot it (scripts/start.mjs with a database, NATS prefix and Redis prefix of this run's own): a NUL in
 * each string field, malformed path ids, a 2 MB body, a body that is not JSON, an array for an object and wrong types,
 * with and without a session. No answer may be a 5xx, except a 503/504 saying that a service is not built yet or a
 * provider is not configured; every 4xx carries `{ error, code }`; the signed-in user's data survives.
 */

const root = join(__dirname, '..', '..');
const runId = `hostile${Date.now().toString(36)}`;
const databaseUrl = `postgres://postgres@127.0.0.1:5432/jarvis_${runId}`;
/** Declared endpoints whose handler a later issue builds: NATS has no responder, so the gateway answers 503. */
const pending = new Set<string>(JSON.parse(readFileSync(join(__dirname, 'pending-handlers.json'), 'utf8')).map((line: string) => line.split(' -> ')[0]));
/** Providers none of the probes configure: their endpoints answer 503 PROVIDER_UNAVAILABLE naming the variable. */
const PROVIDER_VARIABLES = /^(OPENAI|TWILIO|STRIPE|GOOGLE|ELEVENLABS|PERPLEXITY|OPENWEATHER|TICKETMASTER|DISCORD|AUDD)_|^SMTP_URL$|^SUPPORT_EMAIL$/;
const BATCH = 8;
const TWO_MB = 2 * 1024 * 1024;

interface Answer {
  status: number;
  contentType: string;
  body: any;
  text: string;
}

let system: ChildProcess | undefined;
let baseUrl = '';
const output: string[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Sends a large body over a plain socket and reads the answer while still writing: a server may answer 413 and close
 * before it read the body, and an HTTP client that stops at the broken pipe would never see that answer. A connection
 * closed without any answer is still a failure.
 */
function callLarge(method: string, path: string, body: Buffer, cookie?: string): Promise<Answer> {
  const url = new URL(baseUrl + path);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    let received = Buffer.alloc(0);
    const finish = () => {
      const text = received.toString('utf8');
      const headerEnd = text.indexOf('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      if (headerEnd < 0 || !status) {
        return reject(new Error(`${method} ${path}: connection closed without an answer (${socketError ?? 'no error'}, ${received.length} bytes)`));
      }
      const head = text.slice(0, headerEnd);
      const contentType = /\r\ncontent-type: ([^\r]*)/i.exec(head)?.[1] ?? '';
      const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1] ?? NaN);
      const rest = received.subarray(Buffer.byteLength(text.slice(0, headerEnd + 4)));
      const bodyText = (Number.isNaN(length) ? rest : rest.subarray(0, length)).toString('utf8');
      let parsed: unknown;
      try {
        parsed = JSON.parse(bodyText);
      } catch {
        parsed = undefined;
      }
      socket.destroy();
      resolve({ status, contentType, body: parsed, text: bodyText });
    };
    socket.setTimeout(40_000, () => socket.destroy(new Error('no answer within 40 s')));
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const text = received.toString('latin1');
      const headerEnd = text.indexOf('\r\n\r\n');
      const length = Number(/\r\ncontent-length: (\d+)/i.exec(text.slice(0, Math.max(headerEnd, 0)))?.[1] ?? NaN);
      if (headerEnd >= 0 && received.length >= headerEnd + 4 + length) finish();
    });
    let socketError: string | undefined;
    // A reset after the answer, or a pipe broken while writing.
    socket.on('error', (error: NodeJS.ErrnoException) => (socketError = error.code ?? error.message));
    socket.on('close', () => finish());
    const head = [
      `${method} ${url.pathname}${url.search} HTTP/1.1`,
      `Host: ${url.host}`,
      'X-Requested-With: XMLHttpRequest',
      'Accept: application/json',
      'Content-Type: application/json',
      `Content-Length: ${body.length}`,
      'Connection: close',
      ...(cookie ? [`Cookie: ${cookie}`] : []),
    ].join('\r\n');
    socket.write(`${head}\r\n\r\n`);
    // Not end(): a half-closed connection lets the server drop a request it has not answered yet.
    socket.write(body);
  });
}

/** One HTTP call with any method, body and headers (fetch refuses some of them); an event stream is cut after its headers. */
function call(method: string, path: string, options: { body?: string | Buffer; contentType?: string; cookie?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };
    if (options.cookie) headers.Cookie = options.cookie;
    if (options.body !== undefined) {
      headers['Content-Type'] = options.contentType ?? 'application/json';
      headers['Content-Length'] = String(Buffer.byteLength(options.body));
    }
    let answered = false;
    const req = httpRequest(`${baseUrl}${path}`, { method, headers, timeout: 40_000 }, (res) => {
      answered = true;
      const contentType = String(res.headers['content-type'] ?? '');
      if (contentType.startsWith('text/event-stream')) {
        res.destroy();
        return resolve({ status: res.statusCode ?? 0, contentType, body: undefined, text: '' });
      }
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', () => undefined);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          body = undefined;
        }
        resolve({ status: res.statusCode ?? 0, contentType, body, text });
      });
    });
    req.on('timeout', () => req.destroy(new Error(`${method} ${path}: no answer within 40 s`)));
    // A server may answer 413 and close before it read a large body: the answer counts, the broken pipe does not.
    req.on('error', (error) => (answered ? undefined : reject(error)));
    req.end(options.body);
  });
}

async function signIn(path: string, body: unknown): Promise<string> {
  const answer = await new Promise<{ status: number; cookie: string; text: string }>((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = httpRequest(
      `${baseUrl}${path}`,
      { method: 'POST', headers: { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(payload)) } },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => {
          const cookie = (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
          resolve({ status: res.statusCode ?? 0, cookie, text });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
  expect(answer.status, answer.text).toBeLessThan(300);
  expect(answer.cookie).not.toBe('');
  return answer.cookie;
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

async function stopSystem() {
  const child = system;
  if (!child || child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

async function dropDatabase() {
  const admin = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "jarvis_${runId}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

// ---- the probes ----

interface Probe {
  name: string;
  method: string;
  path: string;
  body?: string | Buffer;
  contentType?: string;
  /** What the answer must be beyond "no 5xx, a 4xx has {error, code}". */
  expect?: (answer: Answer) => void;
}

const pathParams = (path: string) => [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
const isUuidField = (e: Endpoint, name: string) => requestFields(e.request).some((f) => f.path.length === 1 && f.path[0] === name && f.fixedFormat);
const hasBody = (e: Endpoint) => e.method !== 'GET';

/** A well-formed value for each path parameter, so one probe changes one thing at a time. */
function fillPath(e: Endpoint, override: Record<string, string> = {}) {
  return e.path.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => {
    if (name in override) return override[name];
    if (isUuidField(e, name)) return randomUUID();
    if (name === 'index') return '0';
    if (name === 'guildId') return '123456789012345678';
    return 'abc';
  });
}

/** A value of the wrong type for a field of the given kind. */
function wrongTypes(e: Endpoint): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const shape = (e.request as unknown as { shape?: Record<string, unknown> }).shape ?? {};
  for (const key of Object.keys(shape)) body[key] = { nested: ['not', 'what', 'is', 'expected'] };
  for (const field of requestFields(e.request)) {
    if (field.path.length !== 1 || typeof field.path[0] !== 'string') continue;
    body[field.path[0]] = field.kind === 'string' ? 12345 : field.kind === 'array' ? { not: 'an array' } : 12345;
  }
  return body;
}

const fieldName = (path: FieldPath) => path.join('.');

function probesOf(e: Endpoint, signedIn: boolean): Probe[] {
  const probes: Probe[] = [];
  const params = pathParams(e.path);
  const gated = signedIn && typeof e.access === 'object';
  const refusedBeforeInput = (e.access !== 'public' && !signedIn) || gated;

  for (const field of requestFields(e.request)) {
    if (field.kind !== 'string' || field.path.some((p) => typeof p === 'string' && p.startsWith('*'))) continue;
    const top = field.path[0];
    if (typeof top === 'string' && params.includes(top)) continue; // path params are probed below
    const input = inputWith(field.path, 'a\u0000b') as Record<string, unknown>;
    const expectRefusal = (answer: Answer) => {
      if (refusedBeforeInput || e.bodyKind === 'multipart') return;
      expect(answer.status, `NUL in ${fieldName(field.path)}`).toBe(400);
      expect(Object.keys(answer.body?.fields ?? {}), `the 400 names ${fieldName(field.path)}`).toContain(fieldName(field.path));
    };
    if (hasBody(e)) {
      probes.push({ name: `NUL in body field ${fieldName(field.path)}`, method: e.method, path: fillPath(e), body: JSON.stringify(input), expect: expectRefusal });
    } else if (field.path.length === 1) {
      probes.push({ name: `NUL in query field ${fieldName(field.path)}`, method: e.method, path: `${fillPath(e)}?${encodeURIComponent(String(top))}=a%00b`, expect: expectRefusal });
    }
  }
  if (!hasBody(e)) probes.push({ name: 'NUL in an undeclared query field', method: e.method, path: `${fillPath(e)}?extra=a%00b` });

  for (const param of params) {
    for (const bad of ['%00', 'not-a-uuid']) {
      const malformed = bad === '%00' || isUuidField(e, param);
      probes.push({
        name: `${bad} as :${param}`,
        method: e.method,
        path: fillPath(e, { [param]: bad }),
        body: hasBody(e) ? '{}' : undefined,
        expect: (answer) => {
          if (!refusedBeforeInput && malformed) expect(answer.status, `malformed :${param} is an unknown one`).toBe(404);
        },
      });
    }
  }

  if (hasBody(e)) {
    const big = Buffer.from(JSON.stringify({ pad: 'x'.repeat(TWO_MB) }));
    probes.push({
      name: 'a 2 MB JSON body',
      method: e.method,
      path: fillPath(e),
      body: big,
      expect: (answer) => {
        if (e.bodyLimitBytes < big.length && e.bodyKind === 'json') expect(answer.status, 'over the body limit').toBe(413);
      },
    });
    probes.push({
      name: 'a body that is not JSON',
      method: e.method,
      path: fillPath(e),
      body: '{"unterminated": ',
      expect: (answer) => {
        if (e.bodyKind === 'json') expect(answer.status, 'malformed JSON').toBe(400);
      },
    });
    probes.push({ name: 'a text body', method: e.method, path: fillPath(e), body: 'hello', contentType: 'text/plain' });
    probes.push({ name: 'deeply nested JSON', method: e.method, path: fillPath(e), body: Buffer.from(`{"a":${'['.repeat(50_000)}${']'.repeat(50_000)}}`) });
    probes.push({ name: 'an array where an object is expected', method: e.method, path: fillPath(e), body: JSON.stringify([{ a: 1 }, 'x\u0000']) });
    probes.push({ name: 'a JSON string where an object is expected', method: e.method, path: fillPath(e), body: JSON.stringify('x') });
    probes.push({ name: 'wrong types', method: e.method, path: fillPath(e), body: JSON.stringify(wrongTypes(e)) });
  } else {
    probes.push({ name: 'wrong types in the query', method: e.method, path: `${fillPath(e)}?${Object.keys(wrongTypes(e)).map((k) => `${k}[]=1&${k}=%ff`).join('&')}` });
  }
  return probes;
}

/** The answers no input may get: a 5xx, unless a service is not built yet or a provider is not configured. */
const statusCounts = new Map<number, number>();

function checkAnswer(e: Endpoint, probe: Probe, answer: Answer) {
  statusCounts.set(answer.status, (statusCounts.get(answer.status) ?? 0) + 1);
  const route = `${e.method} ${e.path}`;
  const label = `${route} ${probe.name} answered ${answer.status} ${answer.text.slice(0, 200)}`;
  if (answer.status >= 500) {
    const code = answer.body?.code;
    const providerMissing = answer.status === 503 && code === 'PROVIDER_UNAVAILABLE';
    const notBuiltYet = pending.has(route) && [503, 504].includes(answer.status) && ['SERVICE_UNAVAILABLE', 'DEADLINE_EXCEEDED'].includes(code);
    expect(providerMissing || notBuiltYet, label).toBe(true);
  }
  if (answer.status >= 400) {
    expect(typeof answer.body?.error, `${label}: error text`).toBe('string');
    expect(typeof answer.body?.code, `${label}: error code`).toBe('string');
  }
  probe.expect?.(answer);
}

async function runProbes(e: Endpoint, cookie: string | undefined, signedIn: boolean) {
  const probes = probesOf(e, signedIn);
  const failures: string[] = [];
  for (let i = 0; i < probes.length; i += BATCH) {
    await Promise.all(
      probes.slice(i, i + BATCH).map(async (probe) => {
        try {
          const answer =
            Buffer.isBuffer(probe.body) && probe.body.length > 64 * 1024
              ? await callLarge(probe.method, probe.path, probe.body, cookie)
              : await call(probe.method, probe.path, { body: probe.body, contentType: probe.contentType, cookie });
          checkAnswer(e, probe, answer);
        } catch (error) {
          failures.push(`${probe.name} (${probe.method} ${probe.path.slice(0, 120)}): ${(error as Error).message.split('\n')[0]}`);
        }
      }),
    );
  }
  expect(failures, `${e.method} ${e.path}`).toEqual([]);
}

// ---- the run ----

const username = `hostile_${runId}`;
const password = 'hostile-probe-1';
let session = '';
/** A second session of the same user for the probes of POST /api/logout, which end the session they run in. */
let logoutSession = '';
let keptReminder: { id: string; title: string } | undefined;

beforeAll(async () => {
  if (!existsSync(join(root, 'gateway', 'dist', 'main.js'))) throw new Error('Build first: npx nx run-many -t build');
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!PROVIDER_VARIABLES.test(key)) env[key] = value;
  Object.assign(env, {
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    DATABASE_URL: databaseUrl,
    NATS_SUBJECT_PREFIX: `${runId}.`,
    REDIS_PREFIX: `${runId}:`,
    JARVIS_SKIP_BUILD: '1',
    LOG_LEVEL: 'warn',
    LOGIN_MAX_FAILURES_PER_IP: '100000',
    SIGNUP_MAX_PER_IP_HOUR: '100000',
  });
  system = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [system.stdout!, system.stderr!]) {
    stream.on('data', (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.length > 2_000) output.splice(0, 1_000);
    });
  }
  await waitForHealth(110_000);

  session = await signIn('/api/register', { username, password });
  logoutSession = await signIn('/api/login', { username, password });
  const created = await call('POST', '/api/reminders', { body: JSON.stringify({ title: 'Survives the probe', when: 'tomorrow at 9am' }), cookie: session });
  expect(created.status, created.text).toBe(201);
  keptReminder = created.body;
}, 120_000);

afterAll(async () => {
  console.log(`hostile probes by status: ${JSON.stringify(Object.fromEntries([...statusCounts].sort(([a], [b]) => a - b)))}`);
  try {
    await stopSystem();
  } finally {
    await dropDatabase();
  }
}, 60_000);

describe('hostile input to every declared endpoint', () => {
  for (const e of allEndpoints) {
    const route = `${e.method} ${e.path}`;
    it(`${route} without a session never answers 5xx`, async () => {
      await runProbes(e, undefined, false);
    });
    it(`${route} with a session never answers 5xx`, async () => {
      await runProbes(e, e.path === '/api/logout' ? logoutSession : session, true);
    });
  }

  it("leaves the signed-in user's account, session and reminder as they were", async () => {
    const me = await call('GET', '/api/auth/user', { cookie: session });
    expect(me.status).toBe(200);
    expect(me.body.username).toBe(username);
    const reminders = await call('GET', '/api/reminders', { cookie: session });
    expect(reminders.status).toBe(200);
    expect(reminders.body).toEqual([expect.objectContaining({ id: keptReminder!.id, title: 'Survives the probe' })]);
    const again = await call('POST', '/api/login', { body: JSON.stringify({ username, password }) });
    expect(again.status).toBe(200);
  });

  it('wrote no unhandled error to the logs', () => {
    const unhandled = output.join('').split('\n').filter((line) => /unhandled error|invalid byte sequence|QueryFailedError/.test(line));
    expect(unhandled.slice(0, 20)).toEqual([]);
  });
});
