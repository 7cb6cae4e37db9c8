#!/usr/bin/env node
// JARVIS_PROCESSES=single: the gateway and the seven services in one Node process, as scripts/start.mjs runs it under
// its restart supervisor. Each is still its own Nest application, started by the same code as its own process would
// start it (startService, createGateway), inside a scope of its own (libs/platform service-scope.ts): its own module
// tree, configuration, Postgres pool and schema, Redis and NATS connections, NATS subscriptions in its queue group
// (jarvis-<name>), logger name, metrics registry and metrics port (METRICS_PORT_BASE onwards, gateway first), and
// trace service name. What they share is the code Node loaded once and the process itself; a request from one to
// another skips the NATS server (JARVIS_IN_PROCESS_CALLS) and nothing else:
//  - every variable is checked before anything connects; a service that cannot start stops the process (exit 1), and
//    the supervisor starts it again, as it would a single service's process;
//  - SIGTERM or Ctrl-C stops them all at once, each within its SHUTDOWN_GRACE_MS, then the process exits 0;
//  - a promise one service rejects without handling it is logged, naming the service its stack points at, and the
//    others go on (in split mode Node would have restarted that service's process); an uncaught exception is logged
//    the same way and restarts the process, as in split mode.
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { metricsBaseFrom, metricsPortOf, SERVICES } from './processes.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(join(root, 'package.json'));
const started = performance.now();

// Lines written outside any service's scope (this file's own) name the process.
process.env.SERVICE_NAME ||= 'jarvis';
// A call to a service in this process is handed to it without the NATS hop (libs/platform nats/local-calls.ts), with
// the same bytes, validation, deadline, errors, metrics and trace; JARVIS_IN_PROCESS_CALLS=0 sends every call
// through NATS.
process.env.JARVIS_IN_PROCESS_CALLS ||= '1';
// The platform first: it starts tracing (when configured) before Postgres, Redis and HTTP clients are loaded.
const platform = require('@jarvis/platform');
const log = platform.createLogger('single-process');
// The lines a service's own process writes at its start and stop, here written in its scope (they carry its name).
const bootstrapLog = platform.createLogger('bootstrap');
const shutdownLog = platform.createLogger('shutdown');

/** The service a stack trace points at (its built files), for lines written outside any service's scope. */
function serviceOfStack(error) {
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  return /[\\/](?:services[\\/]([a-z]+)|(gateway))[\\/]dist[\\/]/.exec(stack)?.slice(1).find(Boolean) ?? 'unknown';
}

process.on('unhandledRejection', (reason) => {
  log.error({ err: reason, origin: serviceOfStack(reason) }, 'a promise was rejected and nothing handled it; the other services go on');
});
process.on('uncaughtExceptionMonitor', (error) => {
  log.fatal({ err: error, origin: serviceOfStack(error) }, 'uncaught exception: the process stops and is started again');
});

const modules = Object.fromEntries(SERVICES.map((name) => [name, require(join(root, 'services', name, 'dist', 'app.module.js')).AppModule]));
const { createGateway } = require(join(root, 'gateway', 'dist', 'gateway.js'));
const { GATEWAY_CONFIG, loadGatewayConfig } = require(join(root, 'gateway', 'dist', 'config', 'gateway.config.js'));
const { QuotaLimits } = require(join(root, 'gateway', 'dist', 'quota', 'quota.config.js'));

function stopForConfig(error) {
  // A config error already says everything; print it plainly so an operator can read it.
  if (error?.name === 'ConfigError') console.error(error.message);
  else log.fatal({ err: error }, 'Jarvis failed to start');
  process.exit(1);
}

const { base, error: baseError } = metricsBaseFrom(process.env);
if (baseError) stopForConfig(Object.assign(new Error(baseError), { name: 'ConfigError' }));

// Every variable of every service, before anything connects: one bad variable stops the start with its message.
try {
  for (const name of SERVICES) platform.loadServiceConfig(name);
  loadGatewayConfig();
  QuotaLimits.fromEnv(process.env);
} catch (error) {
  stopForConfig(error);
}

const running = []; // { name, scope, close() }
let stopping = false;

async function closeAll() {
  stopping = true;
  const results = await Promise.allSettled(
    running.map(({ name, scope, close }) =>
      scope.run(async () => {
        const since = Date.now();
        await close();
        shutdownLog.info({ ms: Date.now() - since }, `${name} stopped`);
      }),
    ),
  );
  const failed = results.flatMap((r, i) => (r.status === 'rejected' ? [`${running[i].name}: ${r.reason?.message ?? r.reason}`] : []));
  if (failed.length) throw new Error(`could not stop ${failed.join('; ')}`);
}

async function startGateway() {
  const app = await createGateway({ metricsPort: metricsPortOf(base, 'gateway') });
  const config = app.get(GATEWAY_CONFIG);
  const scope = app.get(platform.SERVICE_SCOPE);
  running.push({ name: 'gateway', scope, close: () => app.close() });
  await scope.run(() => app.listen(config.PORT));
  scope.run(() => bootstrapLog.info({ port: config.PORT }, `gateway listening on http://localhost:${config.PORT}`));
  return config;
}

async function startOne(name) {
  const service = await platform.startService(name, modules[name], { metricsPort: metricsPortOf(base, name) });
  const scope = service.app.get(platform.SERVICE_SCOPE);
  running.push({ name, scope, close: () => service.close() });
  scope.run(() => bootstrapLog.info({ service: name, subjects: service.subjects.length }, `${name} service ready`));
}

try {
  const [gatewayConfig] = await Promise.all([
    startGateway(),
    ...SERVICES.map((name) =>
      startOne(name).catch((error) => {
        throw Object.assign(error instanceof Error ? error : new Error(String(error)), { service: name });
      }),
    ),
  ]);
  log.info({ ms: Math.round(performance.now() - started) }, `gateway and ${SERVICES.length} services started in one process`);
  platform.exitOnSignal('Jarvis (one process)', closeAll, gatewayConfig.SHUTDOWN_GRACE_MS);
} catch (error) {
  if (error?.name === 'ConfigError') stopForConfig(error);
  log.fatal({ err: error, origin: error?.service ?? serviceOfStack(error) }, `${error?.service ?? 'a service'} failed to start; stopping the others`);
  if (!stopping) await Promise.race([closeAll().catch(() => undefined), new Promise((r) => setTimeout(r, 10_000).unref())]);
  process.exit(1);
}
