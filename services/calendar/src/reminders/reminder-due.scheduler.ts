import { type BeforeApplicationShutdown, Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { createLogger, EventBus, LiveEvents } from '@jarvis/platform';
import { DataSource } from 'typeorm';
import type { ReminderEntity } from './entities/reminder.entity';
import { CALENDAR_CONFIG, type CalendarConfig } from '../config/calendar.config';
import { RemindersRepository } from './reminders.repository';

const log = createLogger('reminder-due');

/** Reminders handled per transaction; a tick keeps going while batches come back full. */
const BATCH_SIZE = 100;

/** The idempotency key of a reminder's due event: one per reminder and time, so a new time is a new event. */
export function reminderDueKey(reminder: Pick<ReminderEntity, 'id' | 'reminderTime'>) {
  return `reminder-due:${reminder.id}:${reminder.reminderTime!.toISOString()}`;
}

/**
 * Publishes `evt.calendar.reminder.due` when a not-done reminder's time has come.
 *
 * - Several replicas: each batch is claimed with `SELECT ... FOR UPDATE SKIP LOCKED` in one transaction, so two
 *   schedulers never work on the same reminder at once, and a reminder marked by one is not seen by the other.
 * - Never lost: the event is published first and the reminder marked after, in the transaction that holds the lock.
 *   If the process dies in between, the mark rolls back and the next tick publishes again with the same
 *   idempotency key, which JetStream drops as a duplicate (and consumers' `runOnce` would ignore).
 * - Open browsers hear `live.<userId>.reminders` once the batch is committed, so they refetch what is stored.
 */
@Injectable()
export class ReminderDueScheduler implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private current?: Promise<unknown>;
  private stopped = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly reminders: RemindersRepository,
    private readonly events: EventBus,
    private readonly live: LiveEvents,
    @Inject(CALENDAR_CONFIG) private readonly config: CalendarConfig,
  ) {}

  onApplicationBootstrap() {
    if (this.config.REMINDER_POLL_MS > 0) this.scheduleNext();
  }

  /** Stops before the platform closes NATS and the database, waiting for a tick in progress. */
  async beforeApplicationShutdown() {
    await this.stop();
  }

  async onApplicationShutdown() {
    await this.stop();
  }

  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.current?.catch(() => undefined);
  }

  /** Publishes every reminder due now; answers how many due events it published. */
  async tick(): Promise<number> {
    let published = 0;
    for (;;) {
      const batch = await this.runBatch();
      published += batch.published;
      for (const { id, userId } of batch.notified) this.live.publish(userId, 'reminders', { id, due: true });
      if (batch.claimed < BATCH_SIZE || batch.published < batch.claimed || this.stopped) return published;
    }
  }

  private scheduleNext() {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.current = this.tick()
        .catch((error: unknown) => log.error({ err: error }, 'reminder due tick failed'))
        .finally(() => {
          this.current = undefined;
          this.scheduleNext();
        });
    }, this.config.REMINDER_POLL_MS);
    this.timer.unref();
  }

  private runBatch() {
    return this.dataSource.transaction(async (manager) => {
      const due = await this.reminders.claimDue(manager, BATCH_SIZE);
      let published = 0;
      const notified: Pick<ReminderEntity, 'id' | 'userId'>[] = [];
      for (const reminder of due) {
        const payload = {
          reminderId: reminder.id,
          userId: reminder.userId,
          title: reminder.title,
          dueAt: reminder.reminderTime!.toISOString(),
        };
        try {
          await this.events.publish('evt.calendar.reminder.due', payload, reminderDueKey(reminder));
        } catch (error) {
          // Keep what was published and marked; the rest stays due for the next tick.
          log.error({ err: error, reminderId: reminder.id }, 'could not publish reminder due event');
          break;
        }
        await this.reminders.markDueNotified(manager, reminder.id);
        published += 1;
        notified.push(reminder);
      }
      if (published) log.info({ published }, 'reminder due events published');
      return { claimed: due.length, published, notified };
    });
  }
}
