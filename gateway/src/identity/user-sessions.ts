import { Inject, Injectable } from '@nestjs/common';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config';
import { sessionKeyPrefix } from '../http/session';
import { REDIS, type Redis } from '../infra/infra.module';
import { SessionEndings } from './session-endings';

/** Past this many remembered sessions, sign-in drops the ids whose sessions have expired. */
const PRUNE_ABOVE = 20;

/**
 * Which sessions each user has (a Redis set of session ids beside connect-redis's sessions), so a password change can
 * end every other session of the account. Ending one deletes it from Redis and announces it on NATS, so every
 * gateway replica drops its cached copy and closes the live streams it serves for it, as at logout.
 */
@Injectable()
export class UserSessions {
  private readonly sessionPrefix: string;
  private readonly setPrefix: string;
  private readonly maxAgeSeconds: number;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    private readonly endings: SessionEndings,
  ) {
    this.sessionPrefix = sessionKeyPrefix(config);
    this.setPrefix = `${config.REDIS_PREFIX}user-sessions:`;
    this.maxAgeSeconds = Math.ceil(config.SESSION_MAX_AGE_DAYS * 24 * 60 * 60);
  }

  async track(userId: string, sessionId: string) {
    const key = this.setPrefix + userId;
    const [, , size] = await this.redis.multi().sAdd(key, sessionId).expire(key, this.maxAgeSeconds).sCard(key).exec();
    if (Number(size) > PRUNE_ABOVE) await this.prune(key);
  }

  /** Ends every session of `userId` but `keepSessionId`, on every replica. */
  async endOthers(userId: string, keepSessionId: string) {
    const key = this.setPrefix + userId;
    const others = (await this.redis.sMembers(key)).filter((sid) => sid !== keepSessionId);
    if (!others.length) return;
    await this.redis.del(others.map((sid) => this.sessionPrefix + sid));
    await this.redis.sRem(key, others);
    await this.endings.announceAll(others);
  }

  private async prune(key: string) {
    const sids = await this.redis.sMembers(key);
    const alive = await this.redis.mGet(sids.map((sid) => this.sessionPrefix + sid));
    const gone = sids.filter((_sid, i) => alive[i] === null);
    if (gone.length) await this.redis.sRem(key, gone);
  }
}
