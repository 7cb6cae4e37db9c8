import {
  type BeforeApplicationShutdown,
  type DynamicModule,
  Global,
  Inject,
  Injectable,
  Module,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  Optional,
} from '@nestjs/common';
import { DiscoveryModule, DiscoveryService } from '@nestjs/core';
import type { JobName, QueueName } from '@jarvis/contracts';
import type { Gauge } from 'prom-client';
import type { InfraConfig } from '../config';
import { createLogger } from '../logger';
import { ServiceMetrics } from '../observability/metrics';
import { QUEUE_JOB_STATES, QUEUE_JOBS } from '../observability/platform-metrics';
import { INFRA_CONFIG } from '../platform.module';
import { RedisConnection } from '../redis/redis-connection';
import { ShutdownGrace } from '../shutdown';
import { type JobHandler, processorMeta, isJobProcessor } from './job-processor';
import { JobQueue } from './job-queue';
import { QueueWorkers } from './queue-workers';
import { assertNoEviction, type QueueSettings, queueSettingsFrom } from './queue-settings';

/** The QueueSettings of this process (from INFRA_CONFIG; tests override it). */
export const QUEUE_SETTINGS = Symbol('QUEUE_SETTINGS');

const log = createLogger('queue');

/**
 * The producers' side of the queues, on the process's Redis connection, once Redis is known not to evict keys (an
 * evicted job, lock or scheduler key silently loses work or runs it twice).
 */
export async function openJobQueue(redis: RedisConnection, settings: QueueSettings): Promise<JobQueue> {
  await assertNoEviction(redis.client, log);
  return new JobQueue(redis.client, settings);
}

/** Finds the `@JobProcessor` classes among every module's providers, runs their workers, closes all at shutdown. */
@Injectable()
class QueueLifecycle implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  private workers?: QueueWorkers;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly jobs: JobQueue,
    @Inject(QUEUE_SETTINGS) private readonly settings: QueueSettings,
    private readonly redis: RedisConnection,
    @Inject(INFRA_CONFIG) private readonly config: InfraConfig,
    private readonly metrics: ServiceMetrics,
    // The platform's (connectionProviders); a module built without it gets the configured grace of its own.
    @Optional() grace?: ShutdownGrace,
  ) {
    this.grace = grace ?? new ShutdownGrace(config.SHUTDOWN_GRACE_MS ?? 20_000);
  }

  private readonly grace: ShutdownGrace;

  private stopCollecting?: () => void;

  async onApplicationBootstrap() {
    const processors = this.discovery
      .getProviders()
      .filter((wrapper) => wrapper.metatype && wrapper.instance && isJobProcessor(wrapper.metatype))
      .map((wrapper) => ({
        meta: processorMeta(wrapper.metatype as never),
        handler: wrapper.instance as JobHandler<JobName>,
      }));
    this.workers = new QueueWorkers(processors, this.settings, this.jobs, this.redis.client, this.config, this.metrics);
    await this.workers.start();
    this.stopCollecting = this.metrics.onCollect(QUEUE_JOBS, (gauge) => this.collectDepths(gauge));
  }

  /**
   * `jarvis_queue_jobs{queue, state}` of every queue this service works or adds to, read from Redis at each scrape
   * (one round trip a queue), so the depth is as fresh as the scrape. Every replica reports the same queues: take
   * the max across replicas, not the sum.
   */
  private async collectDepths(gauge: Gauge<'queue' | 'state'>) {
    const names = new Set<QueueName>([...(this.workers?.queues() ?? []), ...this.jobs.names()]);
    await Promise.all(
      [...names].map(async (queue) => {
        const counts = await this.jobs.queue(queue).getJobCounts(...QUEUE_JOB_STATES);
        for (const state of QUEUE_JOB_STATES) gauge.set({ queue, state }, counts[state] ?? 0);
      }),
    );
  }

  /**
   * Before any module's own shutdown: no new jobs are taken, and a running job still has its database and NATS while
   * it finishes, within the shutdown's grace (SHUTDOWN_GRACE_MS). Past it the shutdown goes on without them, as a
   * crash would: once the process is gone their locks expire and another replica runs those jobs again.
   */
  async beforeApplicationShutdown() {
    this.stopCollecting?.();
    if (this.workers && !(await this.grace.wait(this.workers.close()))) {
      log.warn({ graceMs: this.grace.graceMs }, 'jobs still running at the end of the shutdown grace: left to another replica');
    }
  }

  /** The queues only: the Redis connection is the platform's, closed with the others. */
  async onApplicationShutdown() {
    await this.jobs.close();
  }
}

/**
 * Queues and jobs for a service: inject `JobQueue` anywhere to add jobs; a `@JobProcessor` class listed in any
 * module's providers gets a BullMQ worker at start-up. Import once, in the service's root module, after
 * `ServicePlatformModule` (it reads REDIS_URL and REDIS_PREFIX from INFRA_CONFIG and adds jobs on its
 * `RedisConnection`).
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
        { provide: JobQueue, inject: [RedisConnection, QUEUE_SETTINGS], useFactory: openJobQueue },
        QueueLifecycle,
      ],
      exports: [JobQueue],
    };
  }
}
