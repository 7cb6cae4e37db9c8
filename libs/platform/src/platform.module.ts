import {
  Controller,
  type DynamicModule,
  Global,
  Inject,
  Injectable,
  Module,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { MessagePattern } from '@nestjs/microservices';
import { type HealthReply, type ServiceName, healthSubject } from '@jarvis/contracts';
import type { NatsConnection } from 'nats';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import { AUDIO_STREAM_HOST_OPTIONS, AudioStreamHost } from './audio-streams/audio-stream-host';
import { type InfraConfig, infraConfigSchema, loadConfig } from './config';
import { type DatabaseOptions, openDatabase } from './database/data-source';
import { EventBus } from './events/event-bus';
import { LiveEvents } from './events/live-events';
import { connectNats, NATS_CONNECTION } from './nats/connection';
import { RpcClient } from './nats/rpc-client';
import { connectRedis, RedisConnection } from './redis/redis-connection';
import { handledSubjects } from './handler';
import { createLogger } from './logger';
import { ServiceMetrics } from './observability/metrics';
import { MetricsServer } from './observability/metrics-server';
import { currentService, ServiceScope } from './observability/service-scope';
import { flushTracing } from './observability/tracing';
import { ShutdownGrace } from './shutdown';

const log = createLogger('metrics');

export const INFRA_CONFIG = Symbol('INFRA_CONFIG');
export const SERVICE_NAME = Symbol('SERVICE_NAME');
/** The running service's scope (service-scope.ts): its name and metrics; `scope.run(fn)` re-enters it. */
export const SERVICE_SCOPE = Symbol('SERVICE_SCOPE');

/**
 * The service's `GET /metrics` server on METRICS_PORT, listening once the application has started and closed with
 * it. A port already taken is logged and the service runs on without it: metrics never stop calls being answered.
 */
export class MetricsEndpoint implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly server: MetricsServer;

  constructor(
    readonly metrics: ServiceMetrics,
    private readonly port: number,
  ) {
    this.server = new MetricsServer(metrics);
  }

  /** The port /metrics is served on (the chosen one when METRICS_PORT is 0), once started. */
  get boundPort(): number | undefined {
    return this.server.port;
  }

  async onApplicationBootstrap() {
    // A hybrid application (the gateway: HTTP with a NATS microservice) runs the bootstrap hooks once for each.
    if (this.boundPort !== undefined) return;
    try {
      const port = await this.server.listen(this.port);
      log.info({ metricsPort: port }, `${this.metrics.service} metrics on http://localhost:${port}/metrics`);
    } catch (error) {
      log.error({ err: error, metricsPort: this.port }, `${this.metrics.service} metrics not served: port ${this.port} is unavailable (set METRICS_PORT)`);
    }
  }

  async onApplicationShutdown() {
    await this.server.close();
  }
}

export interface ServicePlatformOptions {
  name: Exclude<ServiceName, 'gateway'>;
  database: Omit<DatabaseOptions, 'schema'>;
  /**
   * The service's own variables (`src/config/<service>.config.ts`): a schema that extends `infraConfigSchema`, and
   * the token the service injects it by (`@Inject(CALENDAR_CONFIG) config: CalendarConfig`). Without it the service
   * reads the infrastructure variables only.
   */
  config?: { token: symbol; schema: z.ZodType<InfraConfig> };
}

const serviceConfigSchemas = new Map<string, z.ZodType<InfraConfig>>();

/**
 * Everything a service reads from the environment, its own variables with the infrastructure's, validated in one go:
 * a bad variable throws one ConfigError that names every problem. `startService` calls it before anything starts.
 */
export function loadServiceConfig(name: string, env: NodeJS.ProcessEnv = process.env): InfraConfig {
  return loadConfig(serviceConfigSchemas.get(name) ?? infraConfigSchema, env, `${name} service`);
}

@Injectable()
class ConnectionsLifecycle implements OnApplicationShutdown {
  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    private readonly dataSource: DataSource,
    private readonly events: EventBus,
    private readonly redis: RedisConnection,
    private readonly grace: ShutdownGrace,
  ) {}

  async onApplicationShutdown() {
    await flushTracing();
    // The event handlers running finish (and acknowledge) within the grace; the events not taken stay in JetStream.
    await this.grace.wait(this.events.close());
    if (!this.nc.isClosed()) await this.nc.drain().catch(() => undefined);
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
    await this.redis.close();
  }
}

/**
 * The connections every process holds, for a Nest module: NATS, the RPC client, the event bus, live events, its
 * own migrated schema and its Redis connection (`RedisConnection`), read from the config provided under
 * `configToken`; closed at shutdown (the lifecycle provider is the last one returned).
 */
export function connectionProviders(options: { configToken: symbol; connectionName: string; database: DatabaseOptions }) {
  const { configToken } = options;
  return [
    {
      provide: SERVICE_SCOPE,
      // The scope `startService` (or the gateway) runs the start in; a module built without one gets its own.
      useFactory: (): ServiceScope => currentService() ?? new ServiceScope(options.connectionName.replace(/^jarvis-/, '')),
    },
    { provide: ServiceMetrics, inject: [SERVICE_SCOPE], useFactory: (scope: ServiceScope) => scope.metrics },
    {
      provide: MetricsEndpoint,
      inject: [SERVICE_SCOPE, configToken],
      useFactory: (scope: ServiceScope, config: InfraConfig) => new MetricsEndpoint(scope.metrics, scope.metricsPort ?? config.METRICS_PORT),
    },
    // The shutdown's clock: the transport, the queue workers and the event consumers finish within SHUTDOWN_GRACE_MS.
    { provide: ShutdownGrace, inject: [configToken], useFactory: (config: InfraConfig) => new ShutdownGrace(config.SHUTDOWN_GRACE_MS) },
    {
      provide: NATS_CONNECTION,
      inject: [configToken],
      useFactory: (config: InfraConfig) => connectNats(config.NATS_URL, options.connectionName),
    },
    {
      provide: DataSource,
      inject: [configToken],
      useFactory: (config: InfraConfig) => openDatabase(config, options.database),
    },
    {
      provide: RpcClient,
      inject: [NATS_CONNECTION, configToken, ServiceMetrics],
      useFactory: (nc: NatsConnection, config: InfraConfig, metrics: ServiceMetrics) => new RpcClient(nc, config.NATS_SUBJECT_PREFIX, metrics),
    },
    {
      provide: EventBus,
      inject: [NATS_CONNECTION, configToken, ServiceMetrics],
      useFactory: (nc: NatsConnection, config: InfraConfig, metrics: ServiceMetrics) => new EventBus(nc, config.NATS_SUBJECT_PREFIX, metrics),
    },
    {
      provide: LiveEvents,
      inject: [NATS_CONNECTION, configToken],
      useFactory: (nc: NatsConnection, config: InfraConfig) => new LiveEvents(nc, config.NATS_SUBJECT_PREFIX),
    },
    {
      provide: RedisConnection,
      inject: [configToken],
      useFactory: (config: InfraConfig) => connectRedis(config, options.connectionName),
    },
    ConnectionsLifecycle,
  ];
}

function healthHandler(service: Exclude<ServiceName, 'gateway'>) {
  const subject = healthSubject(service);
  (handledSubjects() as Set<string>).add(subject);
  @Controller()
  class HealthHandler {
    private readonly started = Date.now();
    constructor(
      private readonly dataSource: DataSource,
      private readonly redis: RedisConnection,
    ) {}

    @MessagePattern(subject)
    async check(): Promise<HealthReply> {
      const [db, redis] = await Promise.all([
        this.dataSource.query('SELECT 1').then(
          () => 'ok',
          (error: Error) => `error: ${error.message}`,
        ),
        this.redis.check(),
      ]);
      return {
        service,
        // Ready means the service reached its schema; Redis is reported beside it (the gateway's /health counts it).
        status: db === 'ok' ? 'ok' : 'degraded',
        checks: { postgres: db, nats: 'ok', redis },
        uptimeSeconds: Math.round((Date.now() - this.started) / 1000),
        pid: process.pid,
      };
    }
  }
  return HealthHandler;
}

/**
 * What every backend service gets: its validated config (under INFRA_CONFIG and the service's own token), its own
 * migrated schema, NATS, the RPC client to call other services, the event bus, its Redis connection
 * (`RedisConnection`), and the health subject.
 */
@Global()
@Module({})
export class ServicePlatformModule {
  static forService(options: ServicePlatformOptions): DynamicModule {
    if (options.config) serviceConfigSchemas.set(options.name, options.config.schema);
    const connections = connectionProviders({
      configToken: INFRA_CONFIG,
      connectionName: `jarvis-${options.name}`,
      database: { schema: options.name, ...options.database },
    });
    const providers = [
      { provide: SERVICE_NAME, useValue: options.name },
      // Read once per start; the service's own token is the same object, typed by its schema.
      { provide: INFRA_CONFIG, useFactory: () => loadServiceConfig(options.name) },
      ...(options.config ? [{ provide: options.config.token, useExisting: INFRA_CONFIG }] : []),
      ...connections,
      // The audio streams (WebSockets) the gateway hands this service: `@HandlesAudioStream` methods.
      {
        provide: AUDIO_STREAM_HOST_OPTIONS,
        inject: [INFRA_CONFIG],
        useFactory: (config: InfraConfig) => ({ service: options.name, prefix: config.NATS_SUBJECT_PREFIX }),
      },
      AudioStreamHost,
    ];
    return {
      module: ServicePlatformModule,
      imports: [DiscoveryModule],
      controllers: [healthHandler(options.name)],
      providers,
      exports: providers.filter((p) => p !== ConnectionsLifecycle),
    };
  }
}
