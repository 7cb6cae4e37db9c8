import { Inject, Injectable } from '@nestjs/common';
import { BACKEND_SERVICES, type HealthReply, healthSubject } from '@jarvis/contracts';
import { createLogger, NATS_CONNECTION, RedisConnection, RpcClient } from '@jarvis/platform';
import type { NatsConnection } from 'nats';
import { DataSource } from 'typeorm';

const CHECK_TIMEOUT_MS = 1_500;
/** However often /health is asked, the system is checked at most once in this time. */
export const HEALTH_MIN_INTERVAL_MS = 1_000;

type BackendService = (typeof BACKEND_SERVICES)[number];
export type CheckState = 'ok' | 'down';

/** What /health answers: only `ok` or `down` for each dependency and service, never why. */
export interface SystemHealth {
  status: 'ok' | 'degraded';
  checks: { postgres: CheckState; redis: CheckState; nats: CheckState; services: Record<BackendService, CheckState> };
}

const log = createLogger('health');

/**
 * Checks Postgres, Redis, NATS and every service, at most once a second: callers within a second of the last check,
 * or while one runs, share its answer, so asking /health in a loop costs the system nothing more. Why something is
 * down goes to the gateway's log (when it changes), never to the caller.
 */
@Injectable()
export class HealthService {
  private latest?: { startedAt: number; running: boolean; result: Promise<SystemHealth> };
  private lastProblems = '';

  constructor(
    private readonly dataSource: DataSource,
    private readonly redis: RedisConnection,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    private readonly rpc: RpcClient,
  ) {}

  current(): Promise<SystemHealth> {
    const latest = this.latest;
    if (latest && (latest.running || Date.now() - latest.startedAt < HEALTH_MIN_INTERVAL_MS)) return latest.result;
    const next = { startedAt: Date.now(), running: true, result: this.check() };
    void next.result.finally(() => (next.running = false));
    this.latest = next;
    return next.result;
  }

  private async check(): Promise<SystemHealth> {
    const [postgres, redis, nats, ...services] = await Promise.all([
      probe(this.dataSource.query('SELECT 1')),
      probe(this.redis.check(), (state) => (state === 'ok' ? null : state)),
      probe(this.nc.isClosed() ? Promise.reject(new Error('closed')) : this.nc.flush()),
      ...BACKEND_SERVICES.map((service) =>
        probe(
          this.rpc.request<HealthReply>(healthSubject(service), {}, { userId: null, tier: 'free', requestId: 'health' }, CHECK_TIMEOUT_MS),
          (reply) => (reply.status === 'ok' ? null : JSON.stringify(reply.checks)),
        ),
      ),
    ]);
    const problems: Record<string, string> = {};
    const state = (name: string, problem: string | null): CheckState => {
      if (problem === null) return 'ok';
      problems[name] = problem;
      return 'down';
    };
    const checks = {
      postgres: state('postgres', postgres),
      redis: state('redis', redis),
      nats: state('nats', nats),
      services: Object.fromEntries(BACKEND_SERVICES.map((service, i) => [service, state(service, services[i])])) as Record<BackendService, CheckState>,
    };
    this.report(problems);
    return { status: Object.keys(problems).length === 0 ? 'ok' : 'degraded', checks };
  }

  private report(problems: Record<string, string>) {
    const summary = JSON.stringify(problems);
    if (summary === this.lastProblems) return;
    const recovered = this.lastProblems !== '' && this.lastProblems !== '{}';
    this.lastProblems = summary;
    if (Object.keys(problems).length > 0) log.warn({ problems }, `health: down: ${Object.keys(problems).join(', ')}`);
    else if (recovered) log.info('health: everything answers again');
  }
}

/** `null` when the check passed, else why it did not (for the log only). */
async function probe<T>(promise: Promise<T>, problemOf: (value: T) => string | null = () => null): Promise<string | null> {
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS).unref());
  try {
    return problemOf(await Promise.race([promise, timeout]));
  } catch (error) {
    return (error as Error).message || 'failed';
  }
}
