import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { RedisConnection } from '../redis/redis-connection';

/** How long a connect flow may take between the consent screen and the callback. */
export const OAUTH_STATE_TTL_SECONDS = 600;

export interface OAuthStateRecord<T> {
  userId: string;
  data: T;
}

/** Why a callback's `state` is refused. */
export type OAuthStateRefusal = 'missing' | 'unknown' | 'other-user';

export class OAuthStateError extends Error {
  constructor(readonly reason: OAuthStateRefusal) {
    super(`OAuth state refused: ${reason}`);
    this.name = 'OAuthStateError';
  }
}

/**
 * The `state` of an OAuth authorization-code flow, in Redis: a random value bound to the signed-in user that started
 * the flow, usable once and for 10 minutes. It carries what the callback needs (where the flow started), never a
 * token. Keys: `<REDIS_PREFIX><namespace>:oauth-state:<state>`.
 */
export class OAuthStateStore<T = Record<string, never>> {
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    private readonly ttlSeconds = OAUTH_STATE_TTL_SECONDS,
  ) {}

  /** The states of one feature (`mail`, `calendar`, `discord`) on the process's Redis connection. */
  static for<T>(redis: RedisConnection, namespace: string, ttlSeconds?: number): OAuthStateStore<T> {
    return new OAuthStateStore<T>(redis.client, `${redis.key(namespace, 'oauth-state')}:`, ttlSeconds);
  }

  async create(userId: string, data: T): Promise<string> {
    const state = randomBytes(24).toString('base64url');
    const record: OAuthStateRecord<T> = { userId, data };
    await this.redis.set(this.keyPrefix + state, JSON.stringify(record), 'EX', this.ttlSeconds);
    return state;
  }

  /**
   * Takes the state back, once: a second use, an expired or unknown state, or one that another user started throws
   * OAuthStateError. Whatever the outcome the state is gone, so a leaked state cannot be tried again.
   */
  async consume(state: string | undefined, userId: string): Promise<T> {
    if (!state) throw new OAuthStateError('missing');
    const key = this.keyPrefix + state;
    const result = await this.redis.multi().get(key).del(key).exec();
    const raw = result?.[0]?.[1] as string | null | undefined;
    if (!raw) throw new OAuthStateError('unknown');
    const record = JSON.parse(raw) as OAuthStateRecord<T>;
    if (record.userId !== userId) throw new OAuthStateError('other-user');
    return record.data;
  }
}
