import type { NewReminder } from '../../api/reminders';
import { localDateTimeToIso } from './reminder-time';

export interface ReminderForm {
  title: string;
  naturalTime: string;
  /** A datetime-local value. */
  dateTime: string;
}

export const MISSING_TITLE = 'Please provide a title for your reminder.';
export const MISSING_WHEN =
  'Please specify when you want to be reminded (either natural language or specific date/time).';

/** The page's validation (doc2 §5), or null when the form can be sent. */
export function reminderFormError(form: ReminderForm): string | null {
  if (!form.title.trim()) return MISSING_TITLE;
  if (!form.naturalTime.trim() && !localDateTimeToIso(form.dateTime)) return MISSING_WHEN;
  return null;
}

/** The POST body: the trimmed title; when is the text or the date-time; reminder_time an ISO timestamp when picked. */
export function toNewReminder(form: ReminderForm): NewReminder {
  const iso = form.naturalTime.trim() ? null : localDateTimeToIso(form.dateTime);
  return {
    title: form.title.trim(),
    when: form.naturalTime.trim() || form.dateTime,
    ...(iso ? { reminder_time: iso } : {}),
  };
}
