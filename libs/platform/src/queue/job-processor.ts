import { Injectable, type Type } from '@nestjs/common';
import type { JobMap, JobName } from '@jarvis/contracts';
import { type Job, UnrecoverableError } from 'bullmq';
import type { InfraConfig } from '../config';

/** The BullMQ job a processor receives: its payload typed by the job map, plus id, attemptsMade, progress... */
export type QueueJob<N extends JobName = JobName> = Job<JobMap[N], unknown, N>;

/**
 * What a `jobs/<name>.job.ts` class implements. Declared as a property so the compiler checks the payload type
 * strictly against the job map (a method would be compared bivariantly).
 */
export interface JobHandler<N extends JobName> {
  process: (payload: JobMap[N], job: QueueJob<N>) => Promise<unknown>;
}

/**
 * A number, or read from the service's validated configuration when the workers start
 * (`(config: TelephonyConfig) => config.OUTBOUND_CONCURRENCY`).
 */
export type Setting<C extends InfraConfig = InfraConfig> = number | ((config: C) => number);

export interface JobProcessorOptions<N extends JobName, C extends InfraConfig = InfraConfig> {
  /** Jobs of this queue one replica runs at once (default: the global concurrency, else 1). */
  concurrency?: Setting<C>;
  /** Jobs of this queue running at once across every replica (BullMQ's global concurrency). */
  globalConcurrency?: Setting<C>;
  /**
   * Runs at most one job with the same key at a time across replicas (e.g. one call per user): a job whose key is
   * busy goes back to the delayed set and is tried again `exclusiveRetryMs` later, keeping its priority.
   */
  exclusiveBy?: (payload: JobMap[N]) => string;
  /** Default 1000 ms. */
  exclusiveRetryMs?: number;
  /**
   * How many times a job of this queue may be left running by a replica that died and still be run again (the
   * queue's largest value among its processors; default `STALLED_DEFAULTS.maxStalledCount`, 1). Raise it for a job
   * that runs long and is safe to repeat: more replicas may die under it, and each death counts once.
   */
  maxStalledCount?: number;
}

export interface ProcessorMeta<N extends JobName = JobName> extends JobProcessorOptions<N> {
  name: N;
}

const PROCESSOR_META = Symbol('jarvis:job-processor');

/**
 * Marks the class that runs one job of the job map. Errors thrown by `process` make BullMQ retry the job with its
 * attempts and backoff; throw `PermanentJobFailure` for a failure that must not be retried.
 *
 * A setting given as a function is called with the service's configuration (the object `ServicePlatformModule`
 * validated at start, under INFRA_CONFIG and the service's own token) when the workers start:
 *
 * ```ts
 * @JobProcessor('telephony.outbound-call', { globalConcurrency: (config: TelephonyConfig) => config.OUTBOUND_CONCURRENCY })
 * export class OutboundCallJob implements JobHandler<'telephony.outbound-call'> {
 *   constructor(private readonly runner: OutboundCallRunner) {}
 *   process = (payload: JobMap['telephony.outbound-call'], job: QueueJob<'telephony.outbound-call'>) => this.runner.run(payload, job);
 * }
 * ```
 */
export function JobProcessor<N extends JobName, C extends InfraConfig = InfraConfig>(name: N, options: JobProcessorOptions<N, C> = {}) {
  return <T extends Type<JobHandler<N>>>(target: T): T => {
    Reflect.defineMetadata(PROCESSOR_META, { ...options, name } as ProcessorMeta<N>, target);
    Injectable()(target);
    return target;
  };
}

export function isJobProcessor(target: unknown): boolean {
  return typeof target === 'function' && Reflect.hasMetadata(PROCESSOR_META, target);
}

export function processorMeta(target: Type<unknown>): ProcessorMeta {
  const meta = Reflect.getMetadata(PROCESSOR_META, target) as ProcessorMeta | undefined;
  if (!meta)
    throw new Error(`${target.name} is listed as a job processor but has no @JobProcessor(name) decorator`);
  return meta;
}

/**
 * A failure that retrying cannot fix (a busy line, no answer, a deleted row): the job is failed at once with this
 * message, whatever attempts are left.
 */
export class PermanentJobFailure extends UnrecoverableError {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobFailure';
  }
}
