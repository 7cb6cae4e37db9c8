import type { RedisConnection } from '@jarvis/platform';
import type { SessionStore } from './cached-session-store';

type Callback<T = void> = (error?: unknown, value?: T) => void;

/** A session without an expiry (none here: every cookie has a max age) lives a day, as connect-redis kept it. */
const DEFAULT_TTL_SECONDS = 86_400;

/** Where a session lives: `<REDIS_PREFIX>sess:<session id>`, the key connect-redis wrote, so signed-in users stay signed in. */
export function sessionKey(redis: RedisConnection, sid: string): string {
  return redis.key('sess', sid);
}

/**
 * Sessions in Redis on the platform's connection, stored as connect-redis stored them (the session as JSON under
 * `sessionKey`, expiring with the session's cookie), so sessions written before keep working. connect-redis itself
 * speaks only node-redis since v9, and the gateway runs on ioredis like every process.
 */
export class RedisSessionStore implements SessionStore {
  constructor(private readonly redis: RedisConnection) {}

  get(sid: string, callback: Callback<unknown>) {
    this.redis.client
      .get(sessionKey(this.redis, sid))
      .then((raw) => (raw ? (JSON.parse(raw) as unknown) : null))
      .then(
        (session) => callback(null, session),
        (error: unknown) => callback(error, null),
      );
  }

  set(sid: string, session: unknown, callback: Callback) {
    const ttl = ttlSeconds(session);
    if (ttl <= 0) return this.destroy(sid, callback);
    this.redis.client.set(sessionKey(this.redis, sid), JSON.stringify(session), 'EX', ttl).then(
      () => callback(null),
      (error: unknown) => callback(error),
    );
  }

  destroy(sid: string, callback: Callback) {
    this.redis.client.del(sessionKey(this.redis, sid)).then(
      () => callback(null),
      (error: unknown) => callback(error),
    );
  }
}

/** Seconds until the session's cookie expires (rounded up), as connect-redis counted them. */
function ttlSeconds(session: unknown): number {
  const expires = (session as { cookie?: { expires?: Date | string | null } } | null)?.cookie?.expires;
  if (!expires) return DEFAULT_TTL_SECONDS;
  return Math.ceil((new Date(expires).getTime() - Date.now()) / 1000);
}
