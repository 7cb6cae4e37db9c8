import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { INestMicroservice, Type } from '@nestjs/common';
import { PassThroughRpcFilter } from './errors';
import { createLogger, JsonNestLogger } from './logger';
import { NATS_CONNECTION } from './nats/connection';
import { NatsTransport } from './nats/transport';
import type { ServiceMetrics } from './observability/metrics';
import { runAsService, type ServiceScopeOptions } from './observability/service-scope';
import { loadServiceConfig, MetricsEndpoint } from './platform.module';
import { exitOnSignal, ShutdownGrace } from './shutdown';

export interface RunningService {
  app: INestMicroservice;
  subjects: string[];
  /** This service instance's metrics registry (its `GET /metrics` serves it with the process's series). */
  metrics: ServiceMetrics;
  /** The port its `GET /metrics` listens on (METRICS_PORT, or the one chosen for 0); undefined if it could not listen. */
  metricsPort?: number;
  close(): Promise<void>;
}

/**
 * Starts a service: DI, its schema migrated, its handlers subscribed on NATS in the service's queue group, its
 * metrics on METRICS_PORT (or `options.metricsPort`). It runs in a scope of its own (service-scope.ts), so a process
 * may start several services, each with its own metrics, metrics port and trace service name.
 */
export function startService(name: string, module: Type<unknown>, options: ServiceScopeOptions = {}): Promise<RunningService> {
  return runAsService(
    name,
    async (scope) => {
      process.env.SERVICE_NAME ??= name;
      // Every variable is checked before anything connects: a bad one stops the start with one message naming it.
      const config = loadServiceConfig(name);
      const transport = new NatsTransport({ queue: `jarvis-${name}`, prefix: config.NATS_SUBJECT_PREFIX, metrics: scope.metrics });
      // abortOnError off: a failing start rejects (runService exits 1, a test fails) instead of aborting the process.
      const app = await NestFactory.createMicroservice(module, { strategy: transport, logger: new JsonNestLogger(), abortOnError: false });
      app.useGlobalFilters(new PassThroughRpcFilter());
      transport.useConnection(app.get(NATS_CONNECTION));
      transport.useGrace(app.get(ShutdownGrace));
      await app.listen();
      return {
        app,
        subjects: transport.subjects(),
        metrics: scope.metrics,
        metricsPort: app.get(MetricsEndpoint).boundPort,
        close: () => app.close(),
      };
    },
    options,
  );
}

/**
 * The `main.ts` of every service: start, log readiness, and on SIGTERM/SIGINT stop taking requests, jobs and events,
 * finish what it holds within SHUTDOWN_GRACE_MS, drain NATS and close the database and Redis, then exit 0.
 */
export function runService(name: string, module: Type<unknown>) {
  const log = createLogger('bootstrap');
  startService(name, module)
    .then((service) => {
      log.info({ service: name, subjects: service.subjects.length }, `${name} service ready`);
      exitOnSignal(`${name} service`, () => service.close(), service.app.get(ShutdownGrace).graceMs);
    })
    .catch((error: Error) => {
      // A config error already says everything; print it plainly so an operator can read it.
      if (error.name === 'ConfigError') console.error(error.message);
      else log.fatal({ err: error }, `${name} service failed to start`);
      process.exit(1);
    });
}
