import { Inject, Injectable } from '@nestjs/common';
import { RedisConnection } from '@jarvis/platform';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config';
import { TooManySignIns, TooManySignUps } from './identity.errors';

/**
 * Slows down guessing without letting anyone aim a lockout at a user: failures count per (username, IP) and per IP
 * (the client's IP as TRUST_PROXY defines it), so failures typed from one network block that network only. A
 * blocked pair or IP answers 429 with Retry-After before any password is checked; the callers skip the check for a
 * browser that holds the account's device secret.
 */
@Injectable()
export class LoginRateLimiter {
  private readonly perPair: RateLimiterRedis;
  private readonly perIp: RateLimiterRedis;

  constructor(redis: RedisConnection, @Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    const common = { storeClient: redis.client, duration: config.LOGIN_WINDOW_SECONDS };
    this.perPair = new RateLimiterRedis({
      ...common,
      keyPrefix: redis.key('login', 'pair'),
      points: config.LOGIN_MAX_FAILURES_PER_USERNAME_IP,
    });
    this.perIp = new RateLimiterRedis({ ...common, keyPrefix: redis.key('login', 'ip'), points: config.LOGIN_MAX_FAILURES_PER_IP });
  }

  /** 429 when this username from this IP, or this IP, failed too often in the window. */
  async assertAllowed(username: string, ip: string) {
    const [pair, byIp] = await Promise.all([this.perPair.get(pairKey(username, ip)), this.perIp.get(ip)]);
    const waits = [pair, byIp].filter((s): s is RateLimiterRes => s !== null && s.remainingPoints <= 0).map((s) => s.msBeforeNext);
    if (waits.length) throw TooManySignIns(seconds(Math.max(...waits)));
  }

  async onFailure(username: string, ip: string) {
    await Promise.all([
      this.perPair.penalty(pairKey(username, ip), 1).catch(() => undefined),
      this.perIp.penalty(ip, 1).catch(() => undefined),
    ]);
  }

  /** A success clears the pair's failures; the IP's stay (one right password does not excuse a network's guesses). */
  async onSuccess(username: string, ip: string) {
    await this.perPair.delete(pairKey(username, ip)).catch(() => undefined);
  }
}

/** Accounts created per IP in an hour (`SIGNUP_MAX_PER_IP_HOUR`): register and quick access to a free name. */
@Injectable()
export class SignupRateLimiter {
  private readonly perIp: RateLimiterRedis;

  constructor(redis: RedisConnection, @Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.perIp = new RateLimiterRedis({
      storeClient: redis.client,
      keyPrefix: redis.key('signup', 'ip'),
      points: config.SIGNUP_MAX_PER_IP_HOUR,
      duration: 3600,
    });
  }

  /** Counts one account about to be created from `ip`; 429 with Retry-After once the hour's allowance is spent. */
  async consume(ip: string) {
    try {
      await this.perIp.consume(ip);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw TooManySignUps(seconds(error.msBeforeNext));
      throw error;
    }
  }
}

/** Usernames are case-insensitive; the IP is as Fastify's req.ip gives it. */
function pairKey(username: string, ip: string) {
  return `${username.trim().toLowerCase()}|${ip}`;
}

function seconds(ms: number) {
  return Math.max(1, Math.ceil(ms / 1000));
}
