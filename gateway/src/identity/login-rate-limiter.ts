import { Inject, Injectable } from '@nestjs/common';
import { RateLimitedError } from '@jarvis/contracts';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config';
import { REDIS, type Redis } from '../infra/infra.module';

/**
 * Slows down password guessing: every sign-in attempt counts against the caller's IP, every failure against the
 * username. Either limit answers 429 with Retry-After before the password is even checked.
 */
@Injectable()
export class LoginRateLimiter {
  private readonly perIp: RateLimiterRedis;
  private readonly perUsername: RateLimiterRedis;

  constructor(@Inject(REDIS) redis: Redis, @Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    const common = { storeClient: redis, useRedisPackage: true, duration: config.LOGIN_WINDOW_SECONDS };
    this.perIp = new RateLimiterRedis({ ...common, keyPrefix: `${config.REDIS_PREFIX}login:ip`, points: config.LOGIN_MAX_ATTEMPTS_PER_IP });
    this.perUsername = new RateLimiterRedis({
      ...common,
      keyPrefix: `${config.REDIS_PREFIX}login:user`,
      points: config.LOGIN_MAX_FAILURES_PER_USERNAME,
    });
  }

  /** Counts an attempt from `ip` and refuses when the IP or the username is blocked. */
  async beforeAttempt(ip: string, username: string) {
    await this.consume(this.perIp, ip);
    const state = await this.perUsername.get(username.toLowerCase());
    if (state && state.remainingPoints <= 0) throw tooMany(state.msBeforeNext);
  }

  async onFailure(username: string) {
    await this.perUsername.penalty(username.toLowerCase(), 1).catch(() => undefined);
  }

  async onSuccess(username: string) {
    await this.perUsername.delete(username.toLowerCase()).catch(() => undefined);
  }

  private async consume(limiter: RateLimiterRedis, key: string) {
    try {
      await limiter.consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw tooMany(error.msBeforeNext);
      throw error;
    }
  }
}

function tooMany(msBeforeNext: number) {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new RateLimitedError(`Too many sign-in attempts. Please try again in ${seconds} seconds.`, seconds);
}
