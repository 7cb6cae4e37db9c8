import { type BeforeApplicationShutdown, Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { createLogger, RedisConnection } from '@jarvis/platform';
import { CALENDAR_CONFIG, type CalendarConfig } from '../config/calendar.config';
import { CalendarSyncService } from './calendar-sync.service';

const log = createLogger('calendar-sync-sweep');

/** How often each replica checks whether the current sweep window has been taken. */
const CHECK_EVERY_MS = 60_000;

/**
 * Syncs every user with calendar sync on and a connected calendar every CALENDAR_SYNC_INTERVAL_MINUTES (15), once
 * across replicas: each replica checks every minute, and the first to take the window's Redis key
 * (`SET NX` with the window as expiry) runs the sweep; the others see it taken. A user's failure (an expired grant)
 * is logged and the sweep goes on.
 */
@Injectable()
export class CalendarSyncScheduler implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private current?: Promise<unknown>;
  private stopped = false;

  constructor(
    private readonly sync: CalendarSyncService,
    private readonly redis: RedisConnection,
    @Inject(CALENDAR_CONFIG) private readonly config: CalendarConfig,
  ) {}

  onApplicationBootstrap() {
    if (this.config.CALENDAR_SYNC_INTERVAL_MINUTES > 0) {
      this.timer = setInterval(() => {
        if (this.current || this.stopped) return;
        this.current = this.sweep()
          .catch((error: unknown) => log.error({ err: error }, 'calendar sync sweep failed'))
          .finally(() => (this.current = undefined));
      }, CHECK_EVERY_MS);
      this.timer.unref();
    }
  }

  async beforeApplicationShutdown() {
    this.stopped = true;
    clearInterval(this.timer);
    await this.current?.catch(() => undefined);
  }

  /**
   * Runs this window's sweep unless another replica (or an earlier call) took it: the users synced, or null when the
   * window was already taken.
   */
  async sweep(now = new Date()): Promise<{ synced: number; failed: number } | null> {
    const windowMs = Math.max(1, this.config.CALENDAR_SYNC_INTERVAL_MINUTES) * 60_000;
    const window = Math.floor(now.getTime() / windowMs);
    const key = this.redis.key('calendar', 'sync-sweep', String(window));
    const taken = await this.redis.client.set(key, '1', 'PX', windowMs, 'NX');
    if (taken !== 'OK') return null;
    let synced = 0;
    let failed = 0;
    for (const userId of await this.sync.sweepUsers()) {
      if (this.stopped) break;
      try {
        await this.sync.run(await this.sync.contextFor(userId));
        synced += 1;
      } catch (error) {
        failed += 1;
        log.warn({ err: error, userId }, 'scheduled calendar sync failed');
      }
    }
    if (synced || failed) log.info({ synced, failed }, 'calendar sync sweep done');
    return { synced, failed };
  }
}
