import { Injectable } from '@nestjs/common';
import { DomainError, ErrorKind } from '@jarvis/contracts';
import { RedisConnection } from '@jarvis/platform';

/**
 * Adds `cost` to the counter only if the sum stays within the limit (-1: no limit), in one step on the Redis server,
 * so two gateway replicas can never both take the last unit. The key lives until a day after its quota day ended,
 * long enough for a late give-back to find it. Answers [taken (1/0), the count after it].
 */
const TAKE = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
local cost = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
if limit >= 0 and used + cost > limit then return {0, used} end
used = redis.call('INCRBY', KEYS[1], cost)
redis.call('EXPIREAT', KEYS[1], ARGV[3])
return {1, used}
`;

/** Takes `cost` back off the counter, never below zero, and never creates a counter that is gone. */
const GIVE_BACK = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
if used <= 0 then return 0 end
return redis.call('DECRBY', KEYS[1], math.min(used, tonumber(ARGV[1])))
`;

/** Seconds a counter outlives its quota day. */
const KEEP_AFTER_DAY_S = 24 * 3600;

const unavailable = () =>
  new DomainError(ErrorKind.ServiceUnavailable, 'Usage limits cannot be checked right now. Please try again in a moment.', {
    code: 'QUOTA_UNAVAILABLE',
  });

/** The daily counters in Redis, one key a user, kind and quota day. The gateway is their only owner. */
@Injectable()
export class QuotaCounter {
  constructor(private readonly redis: RedisConnection) {}

  /** `<REDIS_PREFIX>quota:<day>:<kind>:<user id>`. */
  key(userId: string, kind: string, day: string): string {
    return this.redis.key('quota', day, kind, userId);
  }

  /** Counts `cost` within `limit` (null: no limit); `taken` false leaves the counter as it was. */
  async take(key: string, cost: number, limit: number | null, dayEnd: Date): Promise<{ taken: boolean; used: number }> {
    const expireAt = Math.ceil(dayEnd.getTime() / 1000) + KEEP_AFTER_DAY_S;
    try {
      const [taken, used] = (await this.redis.client.eval(TAKE, 1, key, String(cost), String(limit ?? -1), String(expireAt))) as [number, number];
      return { taken: taken === 1, used: Number(used) };
    } catch {
      // Fail closed: a call whose cost cannot be counted is not made.
      throw unavailable();
    }
  }

  async giveBack(key: string, cost: number): Promise<void> {
    await this.redis.client.eval(GIVE_BACK, 1, key, String(cost));
  }

  /** The counts of `keys` (0 for a counter not started). */
  async read(keys: string[]): Promise<number[]> {
    try {
      const values = await this.redis.client.mget(keys);
      return values.map((v) => Number(v ?? 0));
    } catch {
      throw unavailable();
    }
  }
}
