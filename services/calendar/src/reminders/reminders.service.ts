import { Injectable } from '@nestjs/common';
import type { Reminder, RequestOf, api } from '@jarvis/contracts';
import { LiveEvents } from '@jarvis/platform';
import { PlacesService } from '../places/places.service';
import type { ReminderEntity } from './entities/reminder.entity';
import { ReminderNotFound } from './reminders.errors';
import { RemindersRepository } from './reminders.repository';
import { describeTime, parseWhen } from './when-parser';

type CreateReminder = RequestOf<typeof api.calendar.createReminder>;
type UpdateReminder = RequestOf<typeof api.calendar.updateReminder>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function toReminder(r: ReminderEntity): Reminder {
  return {
    id: r.id,
    title: r.title,
    when: r.whenText,
    reminder_time: r.reminderTime ? r.reminderTime.toISOString() : null,
    done: r.done,
    created_at: r.createdAt.toISOString(),
  };
}

/**
 * A user's reminders. `when` is read in America/New_York (see when-parser.ts). Text that names no time we can read
 * ('someday') still saves the reminder, with `reminder_time` null: the user keeps what they wrote and sees that no
 * alert is set, instead of losing the input to an error. Every change tells the user's open browsers
 * (`live.<userId>.reminders`), so the sidebar updates without waiting for its poll.
 *
 * A reminder that names a place ('buy milk when I'm near the pharmacy on 5th Ave') gets it kept and geocoded
 * (places/) when it is made and when its title or when changes, before the reply: geocoding has 6 s at most
 * (GEOCODE_BUDGET_MS) and a failure only leaves the place without coordinates, so the reminder is saved and
 * answered either way.
 */
@Injectable()
export class RemindersService {
  constructor(
    private readonly reminders: RemindersRepository,
    private readonly live: LiveEvents,
    private readonly places: PlacesService,
  ) {}

  async list(userId: string): Promise<Reminder[]> {
    return (await this.reminders.listForUser(userId)).map(toReminder);
  }

  async create(userId: string, data: CreateReminder, now = new Date()): Promise<Reminder> {
    let reminderTime: Date | null;
    let whenText: string;
    if (data.reminder_time) {
      reminderTime = new Date(data.reminder_time);
      whenText = data.when || describeTime(reminderTime);
    } else {
      whenText = data.when!;
      reminderTime = parseWhen(whenText, now);
    }
    const created = await this.reminders.create({ userId, title: data.title, whenText, reminderTime });
    await this.places.remember(created);
    this.live.publish(userId, 'reminders', { id: created.id });
    return toReminder(created);
  }

  /**
   * Edits title, when and done. A new time clears the due mark so the reminder fires at it. Marking a reminder not
   * done again never fires it late: if its time passed while it was done, it counts as announced.
   */
  async update(userId: string, data: UpdateReminder, now = new Date()): Promise<Reminder> {
    if (!UUID.test(data.id)) throw ReminderNotFound();
    const updated = await this.reminders.updateLocked(userId, data.id, (reminder) => {
      if (data.title !== undefined) reminder.title = data.title;
      if (data.when !== undefined) {
        reminder.whenText = data.when;
        const time = parseWhen(data.when, now);
        if (time?.getTime() !== reminder.reminderTime?.getTime()) {
          reminder.reminderTime = time;
          reminder.dueNotifiedAt = null;
        }
      }
      if (data.done !== undefined) {
        const reopenedAfterItsTime =
          reminder.done && !data.done && !reminder.dueNotifiedAt && reminder.reminderTime && reminder.reminderTime <= now;
        if (reopenedAfterItsTime) reminder.dueNotifiedAt = now;
        reminder.done = data.done;
      }
    });
    if (!updated) throw ReminderNotFound();
    if (data.title !== undefined || data.when !== undefined) await this.places.remember(updated);
    this.live.publish(userId, 'reminders', { id: updated.id });
    return toReminder(updated);
  }

  async delete(userId: string, id: string): Promise<{ success: true }> {
    if (!UUID.test(id) || !(await this.reminders.delete(userId, id))) throw ReminderNotFound();
    this.live.publish(userId, 'reminders', { id });
    return { success: true };
  }
}
