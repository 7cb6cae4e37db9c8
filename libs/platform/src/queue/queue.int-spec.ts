import { randomBytes, randomUUID } from 'node:crypto';
import { Global, Injectable, Module, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { JOB_PRIORITY, JOB_QUEUES, type JobMap, type JobName } from '@jarvis/contracts';
import { deleteRedisKeys } from '@jarvis/testing';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { InfraConfig } from '../config';
import { ServiceMetrics } from '../observability/metrics';
import { INFRA_CONFIG } from '../platform.module';
import { ShutdownGrace } from '../shutdown';
import {
  JobProcessor,
  PermanentJobFailure,
  type JobHandler,
  type JobProcessorOptions,
  type QueueJob,
} from './job-processor';
import { JobQueue } from './job-queue';
import { connectRedis, RedisConnection } from '../redis/redis-connection';
import { openJobQueue, QueueModule } from './queue.module';
import { QueueWorkers, type RegisteredProcessor } from './queue-workers';
import { type QueueSettings, STALLED_DEFAULTS } from './queue-settings';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** This run's keys all start with it; each test gets its own BullMQ prefix under it. */
const RUN = `tq${randomBytes(4).toString('hex')}`;
let testNumber = 0;
const cleanups: (() => Promise<unknown>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

afterAll(() => deleteRedisKeys(REDIS_URL, RUN));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(20);
  }
}

function processor<N extends JobName>(
  name: N,
  process: (payload: JobMap[N], job: QueueJob<N>) => Promise<unknown>,
  options: JobProcessorOptions<N> = {},
): RegisteredProcessor {
  return { meta: { ...options, name }, handler: { process } } as unknown as RegisteredProcessor;
}

/** A producer and any number of worker "replicas" on one fresh prefix, all closed after the test. */
async function harness(overrides: Partial<QueueSettings> = {}) {
  const settings: QueueSettings = {
    redisUrl: REDIS_URL,
    prefix: `${RUN}x${++testNumber}`,
    ...STALLED_DEFAULTS,
    ...overrides,
  };
  const producer = async () => {
    const redis = await connectRedis({ REDIS_URL, REDIS_PREFIX: `${RUN}:` }, 'queue-test');
    const jobs = await openJobQueue(redis, settings);
    cleanups.push(() => redis.close());
    cleanups.push(() => jobs.close());
    return { jobs, redis: redis.client };
  };
  const main = await producer();
  const replica = async (...processors: RegisteredProcessor[]) => {
    const own = await producer();
    const workers = new QueueWorkers(processors, settings, own.jobs, own.redis, {} as InfraConfig);
    cleanups.push(() => workers.close(true));
    await workers.start();
    return workers;
  };
  const stateOf = async (name: 'outbound-calls' | 'voice-clones' | 'call-scenarios', id: string) =>
    (await main.jobs.queue(name).getJob(id))?.getState();
  return { settings, jobs: main.jobs, producer, replica, stateOf };
}

const call = () => ({ callLogId: randomUUID(), userId: randomUUID() });

describe('QueueModule in a Nest service', () => {
  const seen: { payload: JobMap['voice.clone-voice']; attempt: number }[] = [];
  let gate = Promise.resolve();
  let finished = 0;

  @Injectable()
  class CloneRecorder {
    async record(payload: JobMap['voice.clone-voice'], attempt: number) {
      seen.push({ payload, attempt });
      await gate;
      finished += 1;
    }
  }

  @JobProcessor('voice.clone-voice')
  class CloneVoiceJob implements JobHandler<'voice.clone-voice'> {
    constructor(private readonly recorder: CloneRecorder) {}
    process = (payload: JobMap['voice.clone-voice'], job: QueueJob<'voice.clone-voice'>) =>
      this.recorder.record(payload, job.attemptsMade);
  }

  /** A service with the clone job's processor (or `processor`) and `config` beside the infrastructure's. */
  async function startApp(redisPrefix: string, config: Record<string, unknown> = {}, processor: Type<unknown> = CloneVoiceJob) {
    const infra = { REDIS_URL, REDIS_PREFIX: redisPrefix, ...config };
    const redis = await connectRedis(infra, 'queue-test');
    cleanups.push(() => redis.close());

    @Global()
    @Module({
      providers: [
        { provide: INFRA_CONFIG, useValue: infra },
        { provide: RedisConnection, useValue: redis },
        // What the platform gives every service beside the connections: its metrics and its shutdown clock.
        { provide: ServiceMetrics, useValue: new ServiceMetrics('queue-test') },
        { provide: ShutdownGrace, useValue: new ShutdownGrace(20_000) },
      ],
      exports: [INFRA_CONFIG, RedisConnection, ServiceMetrics, ShutdownGrace],
    })
    class FakePlatformModule {}

    @Module({ providers: [CloneRecorder, processor] })
    class VoiceModule {}

    @Module({ imports: [FakePlatformModule, QueueModule.forService(), VoiceModule] })
    class AppModule {}

    return NestFactory.createApplicationContext(AppModule, { logger: false, abortOnError: false });
  }

  it('runs a typed job added through JobQueue in the @JobProcessor class of its name, with its payload', async () => {
    const app = await startApp(`${RUN}nest1:`);
    cleanups.push(() => app.close());
    const payload = { userId: randomUUID(), cloneId: randomUUID() };
    const id = await app.get(JobQueue).add('voice.clone-voice', payload, { jobId: payload.cloneId });
    expect(id).toBe(payload.cloneId);
    await until(() => seen.some((s) => s.payload.cloneId === payload.cloneId));
    expect(seen.find((s) => s.payload.cloneId === payload.cloneId)).toEqual({ payload, attempt: 0 });
  });

  it('closes on shutdown only after the running job has finished', async () => {
    const app = await startApp(`${RUN}nest2:`);
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    const payload = { userId: randomUUID(), cloneId: randomUUID() };
    await app.get(JobQueue).add('voice.clone-voice', payload);
    await until(() => seen.some((s) => s.payload.cloneId === payload.cloneId));
    const before = finished;
    setTimeout(open, 400);
    const started = Date.now();
    await app.close();
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
    expect(finished).toBe(before + 1);
  });

  it('gives a setting written as a function the service configuration when the workers start', async () => {
    @JobProcessor('voice.clone-voice', { globalConcurrency: (config: InfraConfig & { CLONE_LIMIT: number }) => config.CLONE_LIMIT })
    class LimitedCloneJob implements JobHandler<'voice.clone-voice'> {
      process = async () => undefined;
    }
    const app = await startApp(`${RUN}nest3:`, { CLONE_LIMIT: 3 }, LimitedCloneJob);
    cleanups.push(() => app.close());
    expect(await app.get(JobQueue).queue(JOB_QUEUES['voice.clone-voice']).getGlobalConcurrency()).toBe(3);
  });

  it('refuses job payloads that do not match the job map (compile-time)', () => {
    const typeChecks = (jobs: JobQueue) => {
      // @ts-expect-error a clone job carries cloneId, not callLogId
      void jobs.add('voice.clone-voice', { userId: 'u', callLogId: 'c' });
      // @ts-expect-error unknown job name
      void jobs.add('voice.unknown', { userId: 'u' });
      // @ts-expect-error a processor's payload must be its job's
      JobProcessor('telephony.outbound-call')(CloneVoiceJob);
    };
    expect(typeChecks).toBeTypeOf('function');
  });
});

describe('jobs on BullMQ', () => {
  it('retries a failing job with growing backoff, then marks it failed', async () => {
    const { jobs, replica, stateOf } = await harness();
    const attempts: number[] = [];
    await replica(
      processor('telephony.outbound-call', async () => {
        attempts.push(Date.now());
        throw new Error('provider down');
      }),
    );
    const id = await jobs.add('telephony.outbound-call', call(), { attempts: 3, backoffMs: 200 });
    await until(async () => (await stateOf('outbound-calls', id)) === 'failed');
    expect(attempts).toHaveLength(3);
    expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(180);
    expect(attempts[2]! - attempts[1]!).toBeGreaterThanOrEqual(360);
    const job = await jobs.queue('outbound-calls').getJob(id);
    expect(job?.attemptsMade).toBe(3);
    expect(job?.failedReason).toBe('provider down');
  });

  it('gives a job added without options the default attempts and backoff', async () => {
    const { jobs } = await harness();
    const id = await jobs.add('telephony.outbound-call', call(), { delayMs: 60_000 });
    const job = await jobs.queue('outbound-calls').getJob(id);
    expect(job?.opts.attempts).toBe(3);
    expect(job?.opts.backoff).toEqual({ type: 'exponential', delay: 1000 });
  });

  it('fails a job at once on a PermanentJobFailure, whatever attempts are left', async () => {
    const { jobs, replica, stateOf } = await harness();
    let runs = 0;
    await replica(
      processor('telephony.outbound-call', async () => {
        runs += 1;
        throw new PermanentJobFailure('busy');
      }),
    );
    const id = await jobs.add('telephony.outbound-call', call(), { attempts: 5, backoffMs: 50 });
    await until(async () => (await stateOf('outbound-calls', id)) === 'failed');
    await sleep(200);
    expect(runs).toBe(1);
    expect((await jobs.queue('outbound-calls').getJob(id))?.failedReason).toBe('busy');
  });

  it('keeps a delayed job waiting until its time', async () => {
    const { jobs, replica, stateOf } = await harness();
    const ranAt: number[] = [];
    await replica(processor('telephony.outbound-call', async () => void ranAt.push(Date.now())));
    const addedAt = Date.now();
    const id = await jobs.add('telephony.outbound-call', call(), { delayMs: 800, jobId: randomUUID() });
    expect(await stateOf('outbound-calls', id)).toBe('delayed');
    await until(() => ranAt.length === 1);
    expect(ranAt[0]! - addedAt).toBeGreaterThanOrEqual(790);
  });

  it('runs waiting jobs by priority: urgent, high, normal, low', async () => {
    const { jobs, replica } = await harness();
    const order: string[] = [];
    for (const level of ['low', 'urgent', 'normal', 'high'] as const) {
      await jobs.add(
        'telephony.outbound-call',
        { callLogId: level, userId: 'u' },
        { priority: JOB_PRIORITY[level] },
      );
    }
    await replica(
      processor('telephony.outbound-call', async (p) => void order.push(p.callLogId), { concurrency: 1 }),
    );
    await until(() => order.length === 4);
    expect(order).toEqual(['urgent', 'high', 'normal', 'low']);
  });

  it('does not add a job twice under the same id, and removes one that has not started', async () => {
    const { jobs, stateOf } = await harness();
    const id = randomUUID();
    await jobs.add('telephony.outbound-call', call(), { jobId: id, delayMs: 60_000 });
    await jobs.add('telephony.outbound-call', call(), { jobId: id, delayMs: 60_000 });
    expect(await jobs.queue('outbound-calls').getDelayedCount()).toBe(1);
    expect(await jobs.remove('telephony.outbound-call', id)).toBe(true);
    expect(await stateOf('outbound-calls', id)).toBeUndefined();
    await expect(jobs.add('telephony.outbound-call', call(), { jobId: 'a:b' })).rejects.toThrow(
      /without ':'/,
    );
  });

  it('runs a schedule upserted by two replicas once per tick', async () => {
    const { replica, producer, jobs } = await harness();
    const runs: { id: string; at: number }[] = [];
    const run = processor(
      'telephony.scenario-run',
      async (_p, job) => void runs.push({ id: job.id!, at: Date.now() }),
    );
    await replica(run);
    await replica(run);
    const schedulerId = `scenario-${randomUUID()}`;
    const payload = { scenarioId: randomUUID(), userId: randomUUID() };
    const [a, b] = [await producer(), await producer()];
    const started = Date.now();
    await Promise.all([
      a.jobs.schedule(schedulerId, { everyMs: 400 }, 'telephony.scenario-run', payload),
      b.jobs.schedule(schedulerId, { everyMs: 400 }, 'telephony.scenario-run', payload),
    ]);
    await sleep(1000);
    // A restarted replica upserts it again.
    await b.jobs.schedule(schedulerId, { everyMs: 400 }, 'telephony.scenario-run', payload);
    await sleep(1100);
    const elapsed = Date.now() - started;
    expect(await jobs.queue('call-scenarios').getJobSchedulersCount()).toBe(1);
    await a.jobs.unschedule('telephony.scenario-run', schedulerId);
    expect(await jobs.queue('call-scenarios').getJobSchedulersCount()).toBe(0);

    expect(new Set(runs.map((r) => r.id)).size).toBe(runs.length);
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(runs.length).toBeLessThanOrEqual(Math.floor(elapsed / 400) + 1);
  });

  it('gives the job of a worker that died to another worker once its lock expires', async () => {
    const { jobs, replica, stateOf } = await harness({ lockDurationMs: 1000, stalledIntervalMs: 300 });
    const ran: string[] = [];
    const dying = await replica(
      processor('voice.clone-voice', async () => {
        ran.push('first');
        await new Promise(() => undefined); // never finishes: the process "dies" below
      }),
    );
    const id = await jobs.add('voice.clone-voice', { userId: randomUUID(), cloneId: randomUUID() });
    await until(() => ran.length === 1);
    await dying.close(true);
    await replica(processor('voice.clone-voice', async () => void ran.push('second')));
    await until(async () => (await stateOf('voice-clones', id)) === 'completed', 8000);
    expect(ran).toEqual(['first', 'second']);
  });

  it('runs a job again after as many dying replicas as its processor allows, and fails it after one more by default', async () => {
    /** Replicas that take the job and die holding it, then one that finishes it (or finds it failed). */
    const runThrough = async (options: JobProcessorOptions<'voice.clone-voice'>, deaths: number) => {
      const { jobs, replica, stateOf } = await harness({ lockDurationMs: 1000, stalledIntervalMs: 300 });
      const ran: string[] = [];
      const id = await jobs.add('voice.clone-voice', { userId: randomUUID(), cloneId: randomUUID() });
      for (let i = 1; i <= deaths; i++) {
        const dying = await replica(
          processor('voice.clone-voice', async () => {
            ran.push(`dies ${i}`);
            await new Promise(() => undefined);
          }, options),
        );
        await until(() => ran.length === i, 8000);
        await dying.close(true);
      }
      await replica(processor('voice.clone-voice', async () => void ran.push('finishes'), options));
      await until(async () => ['completed', 'failed'].includes((await stateOf('voice-clones', id)) ?? ''), 8000);
      return { ran, state: await stateOf('voice-clones', id) };
    };
    expect(await runThrough({ maxStalledCount: 2 }, 2)).toEqual({ ran: ['dies 1', 'dies 2', 'finishes'], state: 'completed' });
    expect(await runThrough({}, 2)).toEqual({ ran: ['dies 1', 'dies 2'], state: 'failed' });
  });

  it('lets close() wait for the running job', async () => {
    const { jobs, replica, stateOf } = await harness();
    let done = false;
    let started = false;
    const workers = await replica(
      processor('voice.clone-voice', async () => {
        started = true;
        await sleep(500);
        done = true;
      }),
    );
    const id = await jobs.add('voice.clone-voice', { userId: randomUUID(), cloneId: randomUUID() });
    await until(() => started);
    await workers.close();
    expect(done).toBe(true);
    expect(await stateOf('voice-clones', id)).toBe('completed');
  });

  it('keeps the global concurrency across replicas', async () => {
    const { jobs, replica } = await harness();
    let running = 0;
    let most = 0;
    let finished = 0;
    const slow = processor(
      'telephony.outbound-call',
      async () => {
        running += 1;
        most = Math.max(most, running);
        await sleep(150);
        running -= 1;
        finished += 1;
      },
      { concurrency: 5, globalConcurrency: 2 },
    );
    await replica(slow);
    await replica(slow);
    for (let i = 0; i < 6; i += 1) await jobs.add('telephony.outbound-call', call());
    await until(() => finished === 6);
    expect(most).toBe(2);
  });

  it('runs one job at a time per exclusive key, while other keys go on', async () => {
    const { jobs, replica } = await harness();
    const spans: { user: string; start: number; end: number }[] = [];
    const perUser = processor(
      'telephony.outbound-call',
      async (p) => {
        const start = Date.now();
        await sleep(300);
        spans.push({ user: p.userId, start, end: Date.now() });
      },
      { concurrency: 3, exclusiveBy: (p) => p.userId, exclusiveRetryMs: 50 },
    );
    await replica(perUser);
    await replica(perUser);
    await jobs.add('telephony.outbound-call', { callLogId: randomUUID(), userId: 'u1' });
    await jobs.add('telephony.outbound-call', { callLogId: randomUUID(), userId: 'u1' });
    await jobs.add('telephony.outbound-call', { callLogId: randomUUID(), userId: 'u2' });
    await until(() => spans.length === 3);
    const [first, second] = spans.filter((s) => s.user === 'u1').sort((x, y) => x.start - y.start);
    const other = spans.find((s) => s.user === 'u2')!;
    expect(second!.start).toBeGreaterThanOrEqual(first!.end);
    expect(other.start).toBeLessThan(first!.end);
  });
});
