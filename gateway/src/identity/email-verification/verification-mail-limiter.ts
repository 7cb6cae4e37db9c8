import { Injectable } from '@nestjs/common';
import { RateLimitedError } from '@jarvis/contracts';
import { RedisConnection } from '@jarvis/platform';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

/** Verification e-mails a user may have sent: one a minute, five an hour (Resend and address changes together). */
export const VERIFICATION_MAILS = { perMinute: 1, perHour: 5 } as const;

/**
 * Limits the verification e-mails one user can make Jarvis send (each goes to an address the user typed), in Redis
 * so every gateway replica shares the count. Over a limit: 429 with Retry-After.
 */
@Injectable()
export class VerificationMailLimiter {
  private readonly perMinute: RateLimiterRedis;
  private readonly perHour: RateLimiterRedis;

  constructor(redis: RedisConnection) {
    const common = { storeClient: redis.client };
    this.perMinute = new RateLimiterRedis({ ...common, keyPrefix: redis.key('verify-email', 'minute'), points: VERIFICATION_MAILS.perMinute, duration: 60 });
    this.perHour = new RateLimiterRedis({ ...common, keyPrefix: redis.key('verify-email', 'hour'), points: VERIFICATION_MAILS.perHour, duration: 3_600 });
  }

  /** Refuses before anything is counted when either limit is reached, then counts one e-mail against both. */
  async consume(userId: string) {
    const states = await Promise.all([this.perMinute.get(userId), this.perHour.get(userId)]);
    const waits = states.filter((s): s is RateLimiterRes => s !== null && s.remainingPoints <= 0).map((s) => s.msBeforeNext);
    if (waits.length) throw tooMany(Math.max(...waits));
    try {
      await Promise.all([this.perMinute.consume(userId), this.perHour.consume(userId)]);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw tooMany(error.msBeforeNext);
      throw error;
    }
  }
}

function tooMany(ms: number) {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return new RateLimitedError(`Too many verification e-mails. Please try again in ${seconds} seconds.`, seconds);
}
