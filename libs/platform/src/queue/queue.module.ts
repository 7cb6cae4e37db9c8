import {
  type BeforeApplicationShutdown,
  type DynamicModule,
  Global,
  Inject,
  Injectable,
  Module,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { DiscoveryModule, DiscoveryService } from '@nestjs/core';
import type { JobName } from '@jarvis/contracts';
import { Redis } from 'ioredis';
import type { InfraConfig } from '../config';
import { createLogger } from '../logger';
import { INFRA_CONFIG } from '../platform.module';
import { type JobHandler, processorMeta, isJobProcessor } from './job-processor';
import { JobQueue } from './job-queue';
import { QueueWorkers } from './queue-workers';
import {
  assertNoEviction,
  producerConnectionOptions,
  type QueueSettings,
  queueSettingsFrom,
} from './redis-settings';

/** The QueueSettings of this process (from INFRA_CONFIG; tests override it). */
export const QUEUE_SETTINGS = Symbol('QUEUE_SETTINGS');
/** The producers' shared Redis connection. */
export const QUEUE_REDIS = Symbol('QUEUE_REDIS');

const log = createLogger('queue');

/**
 * Opens the producers' connection and refuses to go on when Redis may evict keys. A Redis that cannot be reached
 * stops the start-up with the address tried.
 */
export async function openQueueConnection(settings: QueueSettings): Promise<Redis> {
  const redis = new Redis(settings.redisUrl, { ...producerConnectionOptions(), lazyConnect: true });
  let lastError: Error | undefined;
  redis.on('error', (error) => {
    lastError = error;
    log.warn({ err: error }, 'queue Redis connection error');
  });
  try {
    await redis.connect();
    await assertNoEviction(redis, log);
    return redis;
  } catch (error) {
    redis.disconnect();
    if ((error as Error).name === 'ConfigError') throw error;
    throw new Error(
      `Cannot reach Redis for queues at REDIS_URL=${settings.redisUrl}: ${(lastError ?? (error as Error)).message}`,
      { cause: error },
    );
  }
}

/** Finds the `@JobProcessor` classes among every module's providers, runs their workers, closes all at shutdown. */
@Injectable()
class QueueLifecycle implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  private workers?: QueueWorkers;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly jobs: JobQueue,
    @Inject(QUEUE_SETTINGS) private readonly settings: QueueSettings,
    @Inject(QUEUE_REDIS) private readonly redis: Redis,
    @Inject(INFRA_CONFIG) private readonly config: InfraConfig,
  ) {}

  async onApplicationBootstrap() {
    const processors = this.discovery
      .getProviders()
      .filter((wrapper) => wrapper.metatype && wrapper.instance && isJobProcessor(wrapper.metatype))
      .map((wrapper) => ({
        meta: processorMeta(wrapper.metatype as never),
        handler: wrapper.instance as JobHandler<JobName>,
      }));
    this.workers = new QueueWorkers(processors, this.settings, this.jobs, this.redis, this.config);
    await this.workers.start();
  }

  /** Before any module's own shutdown: a running job still has its database and NATS while it finishes. */
  async beforeApplicationShutdown() {
    await this.workers?.close();
  }

  async onApplicationShutdown() {
    await this.jobs.close();
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/**
 * Queues and jobs for a service: inject `JobQueue` anywhere to add jobs; a `@JobProcessor` class listed in any
 * module's providers gets a BullMQ worker at start-up. Import once, in the service's root module, after
 * `ServicePlatformModule` (it reads REDIS_URL and REDIS_PREFIX from INFRA_CONFIG).
 */
@Global()
@Module({})
export class QueueModule {
  static forService(): DynamicModule {
    return {
      module: QueueModule,
      imports: [DiscoveryModule],
      providers: [
        {
          provide: QUEUE_SETTINGS,
          inject: [INFRA_CONFIG],
          useFactory: (config: InfraConfig) => queueSettingsFrom(config),
        },
        { provide: QUEUE_REDIS, inject: [QUEUE_SETTINGS], useFactory: openQueueConnection },
        {
          provide: JobQueue,
          inject: [QUEUE_REDIS, QUEUE_SETTINGS],
          useFactory: (redis: Redis, s: QueueSettings) => new JobQueue(redis, s),
        },
        QueueLifecycle,
      ],
      exports: [JobQueue],
    };
  }
}
