import { Redis, type RedisOptions } from 'ioredis';
import type { InfraConfig } from '../config';
import { createLogger } from '../logger';

const log = createLogger('redis');

/** However long Redis takes, a health check answers within this. */
const CHECK_TIMEOUT_MS = 1_500;

/**
 * How the process's connection behaves: every command of it runs on a request path (a session read, a quota, a
 * limiter, a job added while a caller waits), so while Redis is unreachable a command fails at once, and the caller
 * answers 503 or goes on without it, instead of holding the request until Redis comes back. The connection itself
 * reconnects on its own. BullMQ's workers open their own connections with the settings BullMQ requires
 * (`workerConnectionOptions`: `maxRetriesPerRequest: null`).
 */
export const REQUEST_PATH_OPTIONS = { enableOfflineQueue: false, maxRetriesPerRequest: 1 } as const satisfies RedisOptions;

/**
 * The process's one Redis connection (REDIS_URL, on ioredis: BullMQ needs it) and its key names: every key of the
 * deployment starts with REDIS_PREFIX, and `key(...)` is the one way to name one. The gateway and every service get
 * it from the platform (`connectionProviders`) and inject it as `RedisConnection`; it is closed at shutdown.
 */
export class RedisConnection {
  constructor(
    readonly client: Redis,
    /** REDIS_PREFIX, e.g. `jarvis:` (a test run's own `t<id>:`). */
    readonly prefix: string,
  ) {}

  /** `<REDIS_PREFIX><parts joined by ':'>`: `key('telephony', 'call-audio', id)` is `jarvis:telephony:call-audio:<id>`. */
  key(...parts: string[]): string {
    return this.prefix + parts.join(':');
  }

  /** 'ok' when Redis answers a PING within 1.5 s, else why not (for a log or a health reply, never a user). */
  async check(): Promise<'ok' | string> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
    });
    try {
      await Promise.race([this.client.ping(), timeout]);
      return 'ok';
    } catch (error) {
      return `error: ${(error as Error).message || 'failed'}`;
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    if (this.client.status === 'end') return;
    await this.client.quit().catch(() => this.client.disconnect());
  }
}

/**
 * Connects to REDIS_URL before the process goes on, as NATS and Postgres do: a Redis that cannot be reached stops
 * the start with the address tried. `name` shows in `CLIENT LIST` (`jarvis-telephony`).
 */
export async function connectRedis(config: Pick<InfraConfig, 'REDIS_URL' | 'REDIS_PREFIX'>, name: string): Promise<RedisConnection> {
  const client = new Redis(config.REDIS_URL, { ...REQUEST_PATH_OPTIONS, lazyConnect: true, connectionName: name });
  let lastError: Error | undefined;
  let reported = false;
  client.on('error', (error: Error) => {
    lastError = error;
    // Reconnects on its own; the commands that need Redis fail meanwhile and /health says so. One line an outage.
    if (!reported) log.warn({ err: error }, 'Redis connection error');
    reported = true;
  });
  client.on('ready', () => (reported = false));
  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    throw new Error(`Cannot reach Redis at REDIS_URL=${config.REDIS_URL}: ${(lastError ?? (error as Error)).message}`, { cause: error });
  }
  return new RedisConnection(client, config.REDIS_PREFIX);
}
