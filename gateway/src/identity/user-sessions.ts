import { Inject, Injectable } from '@nestjs/common';
import { RedisConnection } from '@jarvis/platform';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config';
import { sessionKey } from '../http/redis-session-store';
import { SessionEndings } from '../http/session-endings';

/** Past this many remembered sessions, sign-in drops the ids whose sessions have expired. */
const PRUNE_ABOVE = 20;

/**
 * Which sessions each user has (a Redis set of session ids beside the sessions), so a password change can
 * end every other session of the account. Ending one deletes it from Redis and announces it on NATS, so every
 * gateway replica drops its cached copy and closes the live streams it serves for it, as at logout.
 */
@Injectable()
export class UserSessions {
  private readonly maxAgeSeconds: number;

  constructor(
    private readonly redis: RedisConnection,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    private readonly endings: SessionEndings,
  ) {
    this.maxAgeSeconds = Math.ceil(config.SESSION_MAX_AGE_DAYS * 24 * 60 * 60);
  }

  /** The user's set of session ids: `<REDIS_PREFIX>user-sessions:<user id>`. */
  private setKey(userId: string) {
    return this.redis.key('user-sessions', userId);
  }

  async track(userId: string, sessionId: string) {
    const key = this.setKey(userId);
    const replies = await this.redis.client.multi().sadd(key, sessionId).expire(key, this.maxAgeSeconds).scard(key).exec();
    const size = replies?.[2]?.[1];
    if (Number(size) > PRUNE_ABOVE) await this.prune(key);
  }

  /** Ends every session of `userId` but `keepSessionId`, on every replica. */
  async endOthers(userId: string, keepSessionId: string) {
    const key = this.setKey(userId);
    const others = (await this.redis.client.smembers(key)).filter((sid) => sid !== keepSessionId);
    if (!others.length) return;
    await this.redis.client.del(others.map((sid) => sessionKey(this.redis, sid)));
    await this.redis.client.srem(key, others);
    await this.endings.announceAll(others);
  }

  /** Ends every session of `userId`, on every replica (a deleted account). */
  async endAll(userId: string) {
    await this.endOthers(userId, '');
    await this.redis.client.del(this.setKey(userId));
  }

  private async prune(key: string) {
    const sids = await this.redis.client.smembers(key);
    const alive = await this.redis.client.mget(sids.map((sid) => sessionKey(this.redis, sid)));
    const gone = sids.filter((_sid, i) => alive[i] === null);
    if (gone.length) await this.redis.client.srem(key, gone);
  }
}
