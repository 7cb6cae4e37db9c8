import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { createLogger } from '@jarvis/platform';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../config/notifications.config';
import { InboxService } from '../inbox/inbox.service';
import { PreferencesService } from '../preferences/preferences.service';
import { PushService } from '../push/push.service';
import { newYorkClock } from './new-york-time';

const log = createLogger('briefing');
/** A wake time is honoured within this long after it (a replica that was down at 07:00 still briefs at 07:20). */
const WINDOW_MINUTES = 60;

/**
 * The voice wake-up briefing: at the user's wake time in New York, when enabled, once a day across replicas, an
 * inbox entry and a push. (Weather, today's reminders and the call to the user's phone come with telephony's and
 * calendar's internal subjects.)
 */
@Injectable()
export class BriefingService implements OnApplicationBootstrap, OnModuleDestroy {
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly preferences: PreferencesService,
    private readonly inbox: InboxService,
    private readonly push: PushService,
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
  ) {}

  onApplicationBootstrap() {
    if (!this.config.VOICE_BRIEFING_POLL_MS) return;
    this.timer = setInterval(() => {
      this.tick().catch((error) => log.error({ err: error }, 'briefing poll failed'));
    }, this.config.VOICE_BRIEFING_POLL_MS);
    this.timer.unref();
  }

  onModuleDestroy() {
    clearInterval(this.timer);
  }

  /** Sends the briefings due at `now`; answers the users briefed by this replica. */
  async tick(now: Date = new Date()): Promise<string[]> {
    const { date, time } = newYorkClock(now);
    const windowStart = newYorkClock(new Date(now.getTime() - WINDOW_MINUTES * 60_000));
    const users = await this.preferences.claimBriefingsDue(date, time, windowStart.date === date ? windowStart.time : '00:00');
    for (const userId of users) {
      const unread = await this.inbox.unreadCount(userId);
      const message = `Good morning! It's ${time}. ${unread === 0 ? 'You have no unread notifications.' : `You have ${unread} unread notification${unread === 1 ? '' : 's'}.`}`;
      const row = await this.inbox.add({ userId, type: 'voice_briefing', title: 'Good morning', message, priority: 'normal', sourceKey: `briefing:${date}` });
      if (!row) continue;
      await this.push
        .deliver(userId, { title: row.title, body: message, url: '/', tag: 'voice_briefing', notificationId: row.id })
        .catch((error) => log.warn({ err: error, userId }, 'briefing push not delivered'));
    }
    return users;
  }
}
