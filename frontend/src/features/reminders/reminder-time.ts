import type { Reminder } from '@jarvis/contracts';
import { easternDayAndClock } from '../../components/eastern-time';

/** When a reminder is due, in Eastern time ('Sat, Nov 22, 5:00 PM ET'), else its free text. */
export function reminderWhen(reminder: Pick<Reminder, 'when' | 'reminder_time'>): string {
  if (reminder.reminder_time) {
    const date = new Date(reminder.reminder_time);
    if (!Number.isNaN(date.getTime())) return `${easternDayAndClock(date)} ET`;
  }
  return reminder.when;
}

/** A datetime-local value ('2025-11-22T17:00', the browser's own zone) as an ISO timestamp. */
export function localDateTimeToIso(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
