import { JOB_QUEUES, type JobMap, type JobName, type QueueName } from '@jarvis/contracts';
import { type DefaultJobOptions, type JobsOptions, Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { endSpan, otelContext, otelTrace, SpanKind, traceCarrier, tracer, tracingEnabled } from '../observability/tracing';
import type { QueueSettings } from './queue-settings';

export interface AddJobOptions {
  /** Our own id (e.g. the call log's id): adding a job whose id already exists does nothing. No ':' allowed. */
  jobId?: string;
  /** Run no earlier than this many ms from now. */
  delayMs?: number;
  /** 1 runs first; a job without one runs before every prioritised job (BullMQ's rule). */
  priority?: number;
  /** Runs in all, first one included (default 3). */
  attempts?: number;
  /** Wait before the first retry, doubled at each next one (default 1000 ms). */
  backoffMs?: number;
}

export type Schedule = { cron: string; tz?: string } | { everyMs: number };

/**
 * What every job gets unless `add` says otherwise. Finished jobs are trimmed because Redis runs with `noeviction`:
 * nothing else would ever remove them, and a full Redis refuses every write.
 */
export const DEFAULT_JOB_OPTIONS: DefaultJobOptions = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: { age: 7 * 24 * 3600, count: 5000 },
};

/**
 * The producer side of the job map: `add(name, payload)` is checked by the compiler, and each job lands on the
 * queue the contracts assign to it. Scheduled work goes through BullMQ job schedulers keyed by the owning row, so
 * every replica may upsert the same schedule and each tick still runs once.
 */
export class JobQueue {
  private readonly queues = new Map<QueueName, Queue>();

  constructor(
    private readonly connection: Redis,
    private readonly settings: QueueSettings,
  ) {}

  async add<N extends JobName>(name: N, payload: JobMap[N], options: AddJobOptions = {}): Promise<string> {
    if (options.jobId !== undefined) checkId('job id', options.jobId);
    // Only the options given: an explicit `undefined` would override the queue's defaults (attempts: 3 became 0).
    const jobOptions: JobsOptions = {
      ...(options.jobId !== undefined && { jobId: options.jobId }),
      ...(options.delayMs !== undefined && { delay: Math.max(0, Math.round(options.delayMs)) }),
      ...(options.priority !== undefined && { priority: options.priority }),
      ...(options.attempts !== undefined && { attempts: options.attempts }),
      ...(options.backoffMs !== undefined && { backoff: { type: 'exponential', delay: options.backoffMs } }),
    };
    if (!tracingEnabled()) return (await this.queue(JOB_QUEUES[name]).add(name, payload, jobOptions)).id!;
    // Traced: a producer span in the caller's trace; its context rides in the job's telemetry metadata (BullMQ keeps
    // it with the job), and the run links back to it.
    const span = tracer().startSpan(`add ${name}`, { kind: SpanKind.PRODUCER, attributes: jobAttributes(name) });
    try {
      const metadata = JSON.stringify(traceCarrier(otelTrace.setSpan(otelContext.active(), span)));
      const job = await this.queue(JOB_QUEUES[name]).add(name, payload, { ...jobOptions, telemetry: { metadata } });
      span.end();
      return job.id!;
    } catch (error) {
      endSpan(span, error);
      throw error;
    }
  }

  /** The queues this process added jobs to or asked for (`queue(name)`), by name. */
  names(): QueueName[] {
    return [...this.queues.keys()];
  }

  /**
   * Removes a job that has not started. Returns false when it is running (its worker holds the lock) or unknown;
   * a finished job is removed too.
   */
  async remove(name: JobName, jobId: string): Promise<boolean> {
    return (await this.queue(JOB_QUEUES[name]).remove(jobId)) === 1;
  }

  /**
   * Creates or changes the schedule with this id (the owning row's, e.g. `scenario-<uuid>`): each tick adds one
   * `name` job with `payload`. Upserting the same id from several replicas or after a restart keeps one schedule.
   */
  async schedule<N extends JobName>(
    schedulerId: string,
    schedule: Schedule,
    name: N,
    payload: JobMap[N],
  ): Promise<void> {
    checkId('scheduler id', schedulerId);
    const repeat =
      'cron' in schedule ? { pattern: schedule.cron, tz: schedule.tz } : { every: schedule.everyMs };
    await this.queue(JOB_QUEUES[name]).upsertJobScheduler(schedulerId, repeat, { name, data: payload });
  }

  /** Removes the schedule (its next pending tick included). Returns false when there was none. */
  async unschedule(name: JobName, schedulerId: string): Promise<boolean> {
    return this.queue(JOB_QUEUES[name]).removeJobScheduler(schedulerId);
  }

  /** The BullMQ queue behind a queue name, for what the typed methods do not cover (counts, listing). */
  queue(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, {
        connection: this.connection,
        prefix: this.settings.prefix,
        defaultJobOptions: DEFAULT_JOB_OPTIONS,
      });
      this.queues.set(name, queue);
    }
    return queue;
  }

  /** Closes the queues; the shared connection is closed by its owner. */
  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    this.queues.clear();
  }
}

function checkId(what: string, id: string) {
  // BullMQ splits keys on ':' and refuses integer-looking custom ids.
  if (!id || id.includes(':') || /^\d+$/.test(id))
    throw new Error(`Invalid ${what} '${id}': use a non-numeric id without ':', e.g. a uuid`);
}

/** The attributes of a job's spans (OpenTelemetry's messaging conventions). */
export function jobAttributes(name: JobName): Record<string, string> {
  return { 'messaging.system': 'bullmq', 'messaging.destination.name': JOB_QUEUES[name], 'jarvis.job.name': name };
}
