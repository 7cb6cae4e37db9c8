import type { RedisOptions } from 'ioredis';
import type { Logger } from 'pino';
import { ConfigError, type InfraConfig } from '../config';

/** Where BullMQ keeps its keys and how its workers treat a crashed replica's jobs. */
export interface QueueSettings {
  redisUrl: string;
  /** BullMQ's key prefix: every key is `<prefix>:<queue>:...`. */
  prefix: string;
  /**
   * How long a worker's lock on a running job lasts without renewal (renewed every half of it while the process
   * lives). A replica that dies mid-job stops renewing; the job is then stalled.
   */
  lockDurationMs: number;
  /** How often each worker looks for stalled jobs and moves them back to wait for another replica. */
  stalledIntervalMs: number;
  /** A job that stalls more often than this is failed instead of being run again (it may be what kills workers). */
  maxStalledCount: number;
}

/**
 * BullMQ's own defaults, stated so a reader sees them: a job of a replica that crashed is run again by another one
 * within about a minute (lock 30 s + stalled check every 30 s), and a job that crashed its worker twice is failed.
 * Shorter locks would make a job with a long event-loop block look stalled and run twice.
 */
export const STALLED_DEFAULTS = {
  lockDurationMs: 30_000,
  stalledIntervalMs: 30_000,
  maxStalledCount: 1,
} as const;

/**
 * BullMQ's prefix for a deployment's REDIS_PREFIX (`jarvis:` → `jarvis`, so keys read `jarvis:outbound-calls:...`
 * beside the gateway's `jarvis:sess:...`, and a test run's `t123:` prefix covers its queues too). BullMQ splits
 * keys on ':' (flows, legacy schedulers), so the prefix itself must not contain one.
 */
export function bullPrefix(redisPrefix: string): string {
  const stem = redisPrefix.replace(/:+$/, '');
  if (stem.includes(':')) {
    throw new ConfigError(
      `REDIS_PREFIX '${redisPrefix}' cannot be used for queues: BullMQ keys are split on ':', so the prefix may only end with one (e.g. 'jarvis:').`,
    );
  }
  return stem || 'bull';
}

export function queueSettingsFrom(config: Pick<InfraConfig, 'REDIS_URL' | 'REDIS_PREFIX'>): QueueSettings {
  return { redisUrl: config.REDIS_URL, prefix: bullPrefix(config.REDIS_PREFIX), ...STALLED_DEFAULTS };
}

/**
 * Options of the connection workers create from. BullMQ requires `maxRetriesPerRequest: null`: a worker waits in
 * blocking commands, and with a retry limit a short Redis outage would make them throw instead of resuming. The
 * producers (`JobQueue`) use the process's `RedisConnection`, whose commands fail at once while Redis is unreachable
 * (`queue.add` answers 503 instead of holding the request).
 */
export function workerConnectionOptions(settings: QueueSettings): RedisOptions & { url: string } {
  return { url: settings.redisUrl, maxRetriesPerRequest: null };
}

/** The two ways to read the policy: `CONFIG GET` (may be disabled on managed Redis) and `INFO memory`. */
export interface PolicyReader {
  config(subcommand: 'GET', parameter: string): Promise<unknown>;
  info(section: string): Promise<string>;
}

export const NOEVICTION_FIX =
  'run `redis-cli CONFIG SET maxmemory-policy noeviction` (and `CONFIG REWRITE`), or put `maxmemory-policy noeviction` in redis.conf';

/**
 * Refuses to run queues on a Redis that may evict keys: an evicted job, lock or scheduler key silently loses work
 * or runs it twice. When the server lets us read neither CONFIG nor INFO, warns and goes on.
 */
export async function assertNoEviction(redis: PolicyReader, log: Pick<Logger, 'warn'>): Promise<void> {
  const policy = await readPolicy(redis);
  if (policy === undefined) {
    log.warn(
      `could not read Redis maxmemory-policy; make sure it is noeviction, or queued jobs may be lost: ${NOEVICTION_FIX}`,
    );
    return;
  }
  if (policy !== 'noeviction') {
    throw new ConfigError(
      `Redis maxmemory-policy is '${policy}', but queues need 'noeviction' (an evicted key loses or repeats a job). To fix it, ${NOEVICTION_FIX}.`,
    );
  }
}

async function readPolicy(redis: PolicyReader): Promise<string | undefined> {
  try {
    const reply = await redis.config('GET', 'maxmemory-policy');
    if (Array.isArray(reply) && typeof reply[1] === 'string') return reply[1];
  } catch {
    // CONFIG is often renamed or denied on managed Redis; INFO usually is not.
  }
  try {
    const info = await redis.info('memory');
    const line = info.split(/\r?\n/).find((l) => l.startsWith('maxmemory_policy:'));
    if (line) return line.slice('maxmemory_policy:'.length).trim();
  } catch {
    // Neither is allowed: the caller warns.
  }
  return undefined;
}
