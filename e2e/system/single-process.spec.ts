import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// From the sources: the package's index also holds the vitest helpers, which cannot be required from its CommonJS build.
import { scrapeMetrics } from '../../libs/testing/src/metrics';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `JARVIS_PROCESSES=single npm start` (issue 23): the gateway and the seven services in one Node process, booted as
 * the browser tests boot the system (scripts/start.mjs on a database, NATS prefix and Redis prefix of this run's own).
 * Operators see what they see in split mode: every service healthy, its own metrics port from METRICS_PORT_BASE with
 * its own series, its own name in the logs. A promise one service leaves rejected is logged and the others go on; an
 * uncaught exception restarts the process, which comes back healthy; SIGTERM stops every service cleanly.
 *
 * The faults are raised by a probe loaded into the process through JARVIS_NODE_ARGS (`--require`), on a signal.
 */

const root = join(__dirname, '..', '..');
const runId = `single${Date.now().toString(36)}`;
const databaseUrl = `postgres://postgres@127.0.0.1:5432/jarvis_${runId}`;
const PROCESSES = ['gateway', 'chat', 'voice', 'telephony', 'mail', 'billing', 'notifications', 'calendar'];

let system: ChildProcess | undefined;
let baseUrl = '';
let metricsBase = 0;
let output = '';
let probeDir = '';

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '0.0.0.0', () => server.close(() => resolve(true)));
  });
}

/** A port with the next `count - 1` ports free too. */
async function freePorts(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 40_000);
    const all = await Promise.all(Array.from({ length: count }, (_, i) => portFree(base + i)));
    if (all.every(Boolean)) return base;
  }
  throw new Error(`no ${count} consecutive free ports`);
}

async function health(): Promise<{ status: number; body?: { checks?: { services?: Record<string, string> } } }> {
  try {
    const res = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(5_000) });
    return { status: res.status, body: await res.json() };
  } catch {
    return { status: 0 };
  }
}

/** Polls until `found` answers something, or fails naming what it waited for with the end of the system's output. */
async function until<T>(what: string, found: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await found();
    if (value !== undefined && value !== false) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}; the system's last output:\n${output.slice(-4_000)}`);
}

/** The pids `npm start` reported for a process, in order (`[jarvis] jarvis started (pid 123): ...`). */
const pidsOf = (name: string) => [...output.matchAll(new RegExp(`\\[jarvis\\] ${name} started \\(pid (\\d+)\\)`, 'g'))].map((m) => Number(m[1]));

/** The JSON log lines the process wrote. */
function logLines(): { service?: string; msg?: string; origin?: string; level?: string }[] {
  return output
    .split('\n')
    .map((line) => line.replace(/^\[jarvis\]\s+/, ''))
    .filter((line) => line.startsWith('{'))
    .flatMap((line) => {
      try {
        return [JSON.parse(line)];
      } catch {
        return [];
      }
    });
}

beforeAll(async () => {
  if (!existsSync(join(root, 'gateway', 'dist', 'main.js'))) throw new Error('Build first: npx nx run-many -t build');
  probeDir = mkdtempSync(join(tmpdir(), 'jarvis-single-'));
  writeFileSync(
    join(probeDir, 'fault-probe.cjs'),
    [
      "process.on('SIGUSR2', () => { void Promise.reject(new Error('probe: a rejection nobody handles')); });",
      "process.on('SIGHUP', () => { setImmediate(() => { throw new Error('probe: an uncaught exception'); }); });",
    ].join('\n'),
  );
  const port = await freePorts(1);
  metricsBase = await freePorts(PROCESSES.length);
  baseUrl = `http://127.0.0.1:${port}`;
  system = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      JARVIS_PROCESSES: 'single',
      JARVIS_NODE_ARGS: `--require ${join(probeDir, 'fault-probe.cjs')}`,
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      METRICS_PORT_BASE: String(metricsBase),
      DATABASE_URL: databaseUrl,
      NATS_SUBJECT_PREFIX: `${runId}.`,
      REDIS_PREFIX: `${runId}:`,
      JARVIS_SKIP_BUILD: '1',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [system.stdout!, system.stderr!]) stream.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-400_000)));
  await until('the system to be healthy', async () => (await health()).status === 200 || undefined, 150_000);
}, 180_000);

afterAll(async () => {
  if (system && system.exitCode === null) {
    const exited = new Promise((resolve) => system!.once('exit', resolve));
    system.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 40_000))]);
    if (system.exitCode === null) system.kill('SIGKILL');
  }
  if (probeDir) rmSync(probeDir, { recursive: true, force: true });
  const admin = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "jarvis_${runId}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}, 60_000);

describe('JARVIS_PROCESSES=single npm start', () => {
  it('runs every service in one process and says where each serves its metrics', async () => {
    expect(pidsOf('jarvis')).toHaveLength(1);
    for (const name of PROCESSES) expect(pidsOf(name)).toEqual([]);
    const ports = PROCESSES.map((name, i) => `${name} :${metricsBase + i}`).join(', ');
    expect(output).toContain(`[jarvis] jarvis started (pid ${pidsOf('jarvis')[0]}): the gateway and 7 services; metrics ${ports}`);
    const { body } = await health();
    expect(body?.checks?.services).toEqual(Object.fromEntries(PROCESSES.slice(1).map((name) => [name, 'ok'])));
    // Each service wrote its start under its own name.
    const lines = logLines();
    for (const name of PROCESSES.slice(1)) expect(lines).toContainEqual(expect.objectContaining({ service: name, msg: `${name} service ready` }));
    expect(lines).toContainEqual(expect.objectContaining({ service: 'gateway', msg: expect.stringMatching(/^gateway listening on /) }));
  });

  it("keeps each service's metrics apart, on its own port from METRICS_PORT_BASE", async () => {
    const signIn = await fetch(`${baseUrl}/api/auth/username`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ username: `single${Date.now()}` }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const reminders = await fetch(`${baseUrl}/api/reminders`, { headers: { cookie, 'x-requested-with': 'XMLHttpRequest' } });
    expect(reminders.status).toBe(200);

    const scrapes = Object.fromEntries(await Promise.all(PROCESSES.map(async (name, i) => [name, await scrapeMetrics(metricsBase + i)] as const)));
    const listed = { subject: 'calendar.reminders.list', outcome: 'ok' };
    expect(scrapes.calendar.value('jarvis_rpc_server_duration_seconds_count', listed)).toBeGreaterThanOrEqual(1);
    expect(scrapes.gateway.value('jarvis_rpc_client_duration_seconds_count', listed)).toBeGreaterThanOrEqual(1);
    for (const name of PROCESSES.filter((n) => n !== 'calendar')) expect(scrapes[name].has('jarvis_rpc_server_duration_seconds_count', listed)).toBe(false);
    for (const name of PROCESSES) expect(scrapes[name].has('process_resident_memory_bytes')).toBe(true);
  });

  it('logs a rejection nobody handled and goes on serving', async () => {
    const [pid] = pidsOf('jarvis');
    process.kill(pid, 'SIGUSR2');
    const line = await until('the rejection to be logged', () => logLines().find((l) => /nothing handled it/.test(l.msg ?? '')), 15_000);
    expect(line).toMatchObject({ level: 'error', msg: 'a promise was rejected and nothing handled it; the other services go on' });
    expect((await health()).status).toBe(200);
    expect(output).not.toMatch(/jarvis exited/);
    expect(pidsOf('jarvis')).toEqual([pid]);
  });

  it('restarts the process on an uncaught exception, and every service comes back', async () => {
    const [first] = pidsOf('jarvis');
    process.kill(first, 'SIGHUP');
    await until('the restart to be logged', () => /jarvis exited \(code 1\) after [\d.]+ s; restarting in 1 s/.test(output) || undefined, 15_000);
    expect(logLines()).toContainEqual(expect.objectContaining({ level: 'fatal', msg: 'uncaught exception: the process stops and is started again' }));
    const second = await until('a new process', () => pidsOf('jarvis')[1], 15_000);
    expect(second).not.toBe(first);
    await until('/health to return to 200', async () => (await health()).status === 200 || undefined, 120_000);
  }, 150_000);

  it('stops every service on SIGTERM, the process exiting cleanly', async () => {
    const exited = new Promise<number | null>((resolve) => system!.once('exit', (code) => resolve(code)));
    system!.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('[jarvis] jarvis stopped (code 0)');
    const lines = logLines();
    for (const name of PROCESSES) expect(lines).toContainEqual(expect.objectContaining({ service: name, msg: `${name} stopped` }));
  }, 60_000);
});
