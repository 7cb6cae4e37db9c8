import { randomUUID } from 'node:crypto';
import { JOB_QUEUES, type JobName, type QueueName } from '@jarvis/contracts';
import { DelayedError, type Job, UnrecoverableError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { InfraConfig } from '../config';
import { type Context, propagation, ROOT_CONTEXT } from '@opentelemetry/api';
import { createLogger, withLogContext } from '../logger';
import type { ServiceMetrics } from '../observability/metrics';
import { type JobOutcome, JOBS_TOTAL } from '../observability/platform-metrics';
import { endSpan, linkFrom, otelContext, otelTrace, SpanKind, tracer, tracingEnabled } from '../observability/tracing';
import type { JobHandler, ProcessorMeta, QueueJob, Setting } from './job-processor';
import { type JobQueue, jobAttributes } from './job-queue';
import { type QueueSettings, workerConnectionOptions } from './queue-settings';

const log = createLogger('queue');

export interface RegisteredProcessor {
  meta: ProcessorMeta;
  handler: JobHandler<JobName>;
}


/** Deletes the key only when we still hold it (a lock that expired may belong to another job by now). */
const RELEASE_SCRIPT =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";
const RENEW_SCRIPT =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end";

/**
 * One BullMQ worker a queue that this process has processors for, dispatching each job to the processor of its
 * name. `close()` stops taking jobs and waits for the running ones.
 */
export class QueueWorkers {
  private readonly workers: Worker[] = [];

  constructor(
    private readonly processors: RegisteredProcessor[],
    private readonly settings: QueueSettings,
    private readonly jobs: JobQueue,
    /** For the `exclusiveBy` locks. */
    private readonly redis: Redis,
    /** The service's validated configuration, which settings given as functions read. */
    private readonly config: InfraConfig,
    /** The service's registry: `jarvis_jobs_total`. */
    private readonly metrics?: ServiceMetrics,
  ) {}

  /** The queues this process runs workers for. */
  queues(): QueueName[] {
    return this.workers.map((worker) => worker.name as QueueName);
  }

  private read(setting: Setting | undefined): number | undefined {
    return typeof setting === 'function' ? setting(this.config) : setting;
  }

  async start(): Promise<void> {
    const byQueue = new Map<QueueName, RegisteredProcessor[]>();
    for (const p of this.processors) {
      const queue = JOB_QUEUES[p.meta.name];
      if (byQueue.get(queue)?.some((other) => other.meta.name === p.meta.name)) {
        throw new Error(`Two processors for job '${p.meta.name}'`);
      }
      byQueue.set(queue, [...(byQueue.get(queue) ?? []), p]);
    }
    for (const [queue, processors] of byQueue) await this.startWorker(queue, processors);
  }

  private async startWorker(queue: QueueName, processors: RegisteredProcessor[]) {
    const globals = new Set(
      processors.map((p) => this.read(p.meta.globalConcurrency)).filter((v) => v !== undefined),
    );
    if (globals.size > 1)
      throw new Error(`Processors of queue '${queue}' disagree on its global concurrency`);
    const globalConcurrency = [...globals][0];
    const concurrency = Math.max(
      ...processors.map((p) => this.read(p.meta.concurrency) ?? globalConcurrency ?? 1),
    );
    const maxStalledCount = Math.max(this.settings.maxStalledCount, ...processors.map((p) => p.meta.maxStalledCount ?? 0));
    // Stored in the queue's meta: every replica (and every worker of it) respects it together.
    if (globalConcurrency !== undefined) await this.jobs.queue(queue).setGlobalConcurrency(globalConcurrency);

    const handlers = new Map(processors.map((p) => [p.meta.name, p]));
    const worker = new Worker(
      queue,
      (job: Job, token?: string) => this.run(handlers, job as QueueJob, token),
      {
        connection: workerConnectionOptions(this.settings),
        prefix: this.settings.prefix,
        concurrency,
        lockDuration: this.settings.lockDurationMs,
        stalledInterval: this.settings.stalledIntervalMs,
        maxStalledCount,
        autorun: false,
      },
    );
    worker.on('error', (error) => log.error({ err: error, queue }, 'queue worker error'));
    worker.on('completed', (job) => this.count(queue, job.name, 'completed'));
    worker.on('failed', (job, error) => {
      if (!job) return;
      const final = error instanceof UnrecoverableError || job.attemptsMade >= (job.opts.attempts ?? 1);
      this.count(queue, job.name, final ? 'failed' : 'retried');
      log.warn(
        { queue, job: job.name, jobId: job.id, attempt: job.attemptsMade, final, err: error },
        final ? 'job failed' : 'job failed, will retry',
      );
    });
    this.workers.push(worker);
    void worker.run().catch((error) => log.error({ err: error, queue }, 'queue worker stopped'));
    await worker.waitUntilReady();
    log.info({ queue, jobs: [...handlers.keys()], concurrency, globalConcurrency }, 'queue worker started');
  }

  private count(queue: QueueName, name: string, outcome: JobOutcome) {
    // Only the job map's names: anything else would be a label nobody declared.
    if (!(name in JOB_QUEUES)) name = 'unknown';
    this.metrics?.get(JOBS_TOTAL).inc({ queue, name, outcome });
  }

  /**
   * Runs a job; traced (when tracing is on) as a consumer span of its own, linked to the span that added it (the
   * request that caused it), so its Postgres, Redis, HTTP and NATS calls and its log lines form one trace.
   */
  private async run(handlers: Map<JobName, RegisteredProcessor>, job: QueueJob, token: string | undefined) {
    if (!tracingEnabled()) return this.runJob(handlers, job, token);
    const span = tracer().startSpan(
      `process ${job.name}`,
      { kind: SpanKind.CONSUMER, attributes: { ...jobAttributes(job.name), 'jarvis.job.attempt': job.attemptsMade + 1 }, links: linkFrom(jobContext(job)) },
      ROOT_CONTEXT,
    );
    try {
      const result = await otelContext.with(otelTrace.setSpan(ROOT_CONTEXT, span), () => this.runJob(handlers, job, token));
      span.end();
      return result;
    } catch (error) {
      if (error instanceof DelayedError) span.end();
      else endSpan(span, error);
      throw error;
    }
  }

  private async runJob(handlers: Map<JobName, RegisteredProcessor>, job: QueueJob, token: string | undefined) {
    const processor = handlers.get(job.name);
    // A name no processor of this deployment knows: fail it visibly rather than retrying it forever.
    if (!processor) throw new Error(`No processor for job '${job.name}' on queue '${job.queueName}'`);
    return withLogContext({ requestId: `job:${job.queueName}:${job.id}` }, async () => {
      const exclusive = processor.meta.exclusiveBy;
      if (!exclusive) return processor.handler.process(job.data, job);
      const key = `${this.settings.prefix}:${job.queueName}:exclusive:${exclusive(job.data)}`;
      const release = await this.acquire(key, job.id!);
      if (!release) {
        await job.moveToDelayed(Date.now() + (processor.meta.exclusiveRetryMs ?? 1000), token);
        throw new DelayedError();
      }
      try {
        return await processor.handler.process(job.data, job);
      } finally {
        await release();
      }
    });
  }

  /**
   * Takes the key for this job (or finds it already ours: a job run again after its worker died), kept alive while
   * the job runs and expiring with the worker's lock when the process dies.
   */
  private async acquire(key: string, jobId: string): Promise<(() => Promise<void>) | undefined> {
    const ttl = this.settings.lockDurationMs;
    const value = `${jobId}|${randomUUID()}`;
    const taken = await this.redis.set(key, value, 'PX', ttl, 'NX');
    if (!taken) {
      const holder = await this.redis.get(key);
      if (!holder?.startsWith(`${jobId}|`)) return undefined;
      // Ours from a run whose worker died: take it over.
      await this.redis.set(key, value, 'PX', ttl);
    }
    const renew = setInterval(() => {
      void this.redis.eval(RENEW_SCRIPT, 1, key, value, String(ttl)).catch(() => undefined);
    }, ttl / 2);
    renew.unref();
    return async () => {
      clearInterval(renew);
      await this.redis.eval(RELEASE_SCRIPT, 1, key, value).catch(() => undefined);
    };
  }

  /**
   * Stops taking jobs and waits for the running ones to finish (their locks released, results stored). `force`
   * abandons them like a crash would: another replica runs them again once their locks expire.
   */
  async close(force = false): Promise<void> {
    await Promise.all(this.workers.map((w) => w.close(force)));
    this.workers.length = 0;
  }
}

/** The context the job's telemetry metadata carries (the span that added it), else none. */
function jobContext(job: QueueJob): Context {
  const metadata = job.opts.telemetry?.metadata;
  if (!metadata) return ROOT_CONTEXT;
  try {
    return propagation.extract(ROOT_CONTEXT, JSON.parse(metadata) as Record<string, string>);
  } catch {
    return ROOT_CONTEXT;
  }
}
