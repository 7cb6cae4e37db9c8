import { Injectable } from '@nestjs/common';
import type { Reminder, RequestOf, api } from '@jarvis/contracts';
import { LiveEvents } from '@jarvis/platform';
import type { ReminderEntity } from './entities/reminder.entity';
import { ReminderNotFound } from './reminders.errors';
import { RemindersRepository } from './reminders.repository';
import { describeTime, parseWhen } from './when-parser';
import type { EntityManager } from 'typeorm';

type CreateReminder = RequestOf<typeof api.calendar.createReminder>;
type UpdateReminder = RequestOf<typeof api.calendar.updateReminder>;

/** A reminder's text as it was saved: what places/ reads the place it names from. */
export type SavedReminderText = Pick<ReminderEntity, 'id' | 'userId' | 'title' | 'whenText'>;
/** Told of a reminder whose text was saved, before the reply; it handles its own failures (see whenTextSaved). */
type TextSavedListener = (reminder: SavedReminderText) => Promise<void>;

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
 * (places/, which listens through whenTextSaved) when it is made and when its title or when changes, before the
 * reply: geocoding has 6 s at most (GEOCODE_BUDGET_MS) and a failure only leaves the place without coordinates, so
 * the reminder is saved and answered either way.
 */
@Injectable()
export class RemindersService {
  private readonly textSavedListeners: TextSavedListener[] = [];

  constructor(
    private readonly reminders: RemindersRepository,
    private readonly live: LiveEvents,
  ) {}

  /**
   * Lets another feature act on a reminder's text when the user makes the reminder or changes its title or when,
   * before the reply (places/ keeps the place it names). The listener catches its own failures: the reminder stands.
   */
  whenTextSaved(listener: TextSavedListener) {
    this.textSavedListeners.push(listener);
  }

  private async textSaved(reminder: SavedReminderText) {
    for (const listener of this.textSavedListeners) await listener(reminder);
  }

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
    await this.textSaved(created);
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
    if (data.title !== undefined || data.when !== undefined) await this.textSaved(updated);
    this.live.publish(userId, 'reminders', { id: updated.id });
    return toReminder(updated);
  }

  async delete(userId: string, id: string): Promise<{ success: true }> {
    if (!UUID.test(id) || !(await this.reminders.delete(userId, id))) throw ReminderNotFound();
    this.live.publish(userId, 'reminders', { id });
    return { success: true };
  }

  /** The titles of those of the user's reminders among `ids` that are not done (places/ triggers only these). */
  async openTitles(userId: string, ids: string[]): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    return new Map((await this.reminders.openAmong(userId, ids)).map((r) => [r.id, r.title]));
  }

  // The reminders calendar sync keeps for the events of the user's Google Calendar. It tells the browsers once per
  // sync, and an event's title is not looked up as a place, so these neither publish nor tell whenTextSaved.

  /** The time of each of the user's reminders by id, in ms (sync sees whether a reminder still follows its event). */
  async timesById(userId: string): Promise<Map<string, number | undefined>> {
    return new Map((await this.reminders.listForUser(userId)).map((r) => [r.id, r.reminderTime?.getTime()]));
  }

  /** Makes an event's reminder at `at`, its when the time written out; answers its id. */
  async createForEvent(userId: string, title: string, at: Date): Promise<string> {
    return (await this.reminders.create({ userId, title, whenText: describeTime(at), reminderTime: at })).id;
  }

  /**
   * Gives an event's reminder the event's title and moves it to `at` (a new time clears its due mark, so it fires
   * again). Answers its id, or null when the user deleted it meanwhile.
   */
  async moveForEvent(userId: string, id: string, title: string, at: Date): Promise<string | null> {
    const updated = await this.reminders.updateLocked(userId, id, (reminder) => {
      reminder.title = title;
      if (reminder.reminderTime?.getTime() !== at.getTime()) {
        reminder.reminderTime = at;
        reminder.whenText = describeTime(at);
        reminder.dueNotifiedAt = null;
      }
    });
    return updated?.id ?? null;
  }

  /** Deletes an event's reminder; answers whether it was still there. */
  removeForEvent(userId: string, id: string): Promise<boolean> {
    return this.reminders.delete(userId, id);
  }

  /** Account lifecycle (issue 22): the user's reminders as stored, for their export. */
  accountRows(userId: string): Promise<ReminderEntity[]> {
    return this.reminders.ofUser(userId);
  }

  /** Imported reminders (new ids given by the caller), in the caller's transaction; the browsers refresh after it. */
  importAccountRows(manager: EntityManager, rows: Partial<ReminderEntity>[]) {
    return this.reminders.insertMany(manager, rows);
  }

  eraseAccountRows(manager: EntityManager, userId: string) {
    return this.reminders.eraseUser(manager, userId);
  }
}
