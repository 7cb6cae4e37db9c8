import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm start` heals a crash on one machine the way Kubernetes heals a pod: a service killed with SIGKILL is started
 * again after 1 s (2 s when it dies again soon after), the restart is logged, and /health comes back to 200. The
 * system is booted as the browser tests boot it (scripts/start.mjs with a database, NATS prefix and Redis prefix of
 * this run's own).
 */

const root = join(__dirname, '..', '..');
const runId = `restarts${Date.now().toString(36)}`;
const databaseUrl = `postgres://postgres@127.0.0.1:5432/jarvis_${runId}`;

let system: ChildProcess | undefined;
let baseUrl = '';
let output = '';

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

async function health(): Promise<number> {
  try {
    return (await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(5_000) })).status;
  } catch {
    return 0;
  }
}

/** Polls until `found` answers something, or fails naming what it waited for with the end of the system's output. */
async function until<T>(what: string, found: () => T | undefined | Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await found();
    if (value !== undefined && value !== false) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}; the system's last output:\n${output.slice(-4_000)}`);
}

/** The pids `npm start` reported for a process, in order (`[jarvis] calendar started (pid 123)`). */
const pidsOf = (name: string) => [...output.matchAll(new RegExp(`\\[jarvis\\] ${name} started \\(pid (\\d+)\\)`, 'g'))].map((m) => Number(m[1]));

beforeAll(async () => {
  if (!existsSync(join(root, 'gateway', 'dist', 'main.js'))) throw new Error('Build first: npx nx run-many -t build');
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  system = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      DATABASE_URL: databaseUrl,
      NATS_SUBJECT_PREFIX: `${runId}.`,
      REDIS_PREFIX: `${runId}:`,
      JARVIS_SKIP_BUILD: '1',
      // One process each: the test kills calendar's alone (in one process a crash restarts every service).
      JARVIS_PROCESSES: 'split',
      LOG_LEVEL: 'warn',
      // Metrics on ports the system chooses: this run may share the machine with another system.
      METRICS_PORT: '0',
      METRICS_PORT_BASE: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [system.stdout!, system.stderr!]) stream.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-200_000)));
  await until('the system to be healthy', async () => (await health()) === 200 || undefined, 150_000);
}, 180_000);

afterAll(async () => {
  if (system && system.exitCode === null) {
    const exited = new Promise((resolve) => system!.once('exit', resolve));
    system.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 40_000))]);
    if (system.exitCode === null) system.kill('SIGKILL');
  }
  const admin = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "jarvis_${runId}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}, 60_000);

describe('npm start restarts a process that dies', () => {
  it('brings a killed service back with a logged backoff, and /health returns to 200', async () => {
    const [first] = pidsOf('calendar');
    expect(first).toBeGreaterThan(0);
    process.kill(first, 'SIGKILL');
    await until('the restart to be logged', () => /calendar exited \(SIGKILL\) after [\d.]+ s; restarting in 1 s/.test(output) || undefined, 10_000);
    // The system is down without its only calendar, then whole again once the new one answers.
    await until('/health to report the missing calendar', async () => (await health()) === 503 || undefined, 10_000);
    const second = await until('a new calendar process', () => pidsOf('calendar')[1], 10_000);
    expect(second).not.toBe(first);
    await until('/health to return to 200', async () => (await health()) === 200 || undefined, 90_000);

    // Dying again soon after its start, it waits twice as long.
    process.kill(second, 'SIGKILL');
    await until('the second restart to be logged', () => /calendar exited \(SIGKILL\) after [\d.]+ s; restarting in 2 s/.test(output) || undefined, 10_000);
    await until('a third calendar process', () => pidsOf('calendar')[2], 15_000);
    await until('/health to return to 200 again', async () => (await health()) === 200 || undefined, 90_000);
  }, 240_000);

  it('stops every process it runs on SIGTERM, each exiting cleanly', async () => {
    const exited = new Promise<number | null>((resolve) => system!.once('exit', (code) => resolve(code)));
    system!.kill('SIGTERM');
    expect(await exited).toBe(0);
    // Every service and the gateway finished what it held and exited 0: none had to be killed.
    for (const name of ['gateway', 'chat', 'voice', 'telephony', 'mail', 'billing', 'notifications', 'calendar'])
      expect(output).toContain(`[jarvis] ${name} stopped (code 0)`);
  }, 60_000);
});
