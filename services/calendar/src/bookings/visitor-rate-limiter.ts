import { Inject, Injectable } from '@nestjs/common';
import { RateLimitedError, type RequestContext } from '@jarvis/contracts';
import { RedisConnection } from '@jarvis/platform';
import { CALENDAR_CONFIG, type CalendarConfig } from '../config/calendar.config';

/** The context of a public call; the gateway may add the visitor's address as `clientIp`. */
export type VisitorContext = RequestContext & { clientIp?: string };

const WINDOW_SECONDS = 60;

/**
 * Limits the public booking calls of one visitor to BOOKING_REQUESTS_PER_MINUTE in a fixed one-minute window in
 * Redis, shared by every replica. The visitor is their IP address when the gateway passes it (`ctx.clientIp`), else
 * the booking code they call, so a flood on one link still stops. Above the limit: 429 with Retry-After.
 */
@Injectable()
export class VisitorRateLimiter {
  constructor(
    private readonly redis: RedisConnection,
    @Inject(CALENDAR_CONFIG) private readonly config: CalendarConfig,
  ) {}

  async consume(ctx: VisitorContext, code: string): Promise<void> {
    const visitor = ctx.clientIp ? `ip:${ctx.clientIp}` : `code:${code}`;
    const now = Math.floor(Date.now() / 1000);
    const window = Math.floor(now / WINDOW_SECONDS);
    const key = this.redis.key('calendar', 'booking-visitors', visitor, String(window));
    const [[, count]] = (await this.redis.client.multi().incr(key).expire(key, WINDOW_SECONDS * 2).exec()) as [[unknown, number]];
    if (count > this.config.BOOKING_REQUESTS_PER_MINUTE) {
      const retryAfter = Math.max(1, (window + 1) * WINDOW_SECONDS - now);
      throw new RateLimitedError(`Too many booking requests. Please try again in ${retryAfter} seconds.`, retryAfter);
    }
  }
}
