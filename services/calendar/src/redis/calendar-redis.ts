import { Global, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { CALENDAR_CONFIG, type CalendarConfig } from '../config/calendar.config';

/**
 * The calendar service's own Redis connection (REDIS_URL; keys under REDIS_PREFIX) for short-lived shared state:
 * OAuth states and the booking page's per-visitor counters. Queues keep their own connections.
 */
@Injectable()
export class CalendarRedis implements OnApplicationShutdown {
  readonly client: Redis;
  readonly prefix: string;

  constructor(@Inject(CALENDAR_CONFIG) config: CalendarConfig) {
    this.client = new Redis(config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
    // Failures surface on the commands that need Redis; the connection retries on its own.
    this.client.on('error', () => undefined);
    this.prefix = config.REDIS_PREFIX;
  }

  async onApplicationShutdown() {
    await this.client.quit().catch(() => this.client.disconnect());
  }
}

@Global()
@Module({ providers: [CalendarRedis], exports: [CalendarRedis] })
export class CalendarRedisModule {}
