import { api as contracts } from '@jarvis/contracts';
import type { NewReminder } from '../../api/reminders';
import { contractFormErrors, defineContractForm } from '../../forms/contract-form';
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

/** The POST body: the trimmed title; when is the text or the date-time; reminder_time an ISO timestamp when picked. */
export function toNewReminder(form: ReminderForm): NewReminder {
  const iso = form.naturalTime.trim() ? null : localDateTimeToIso(form.dateTime);
  return {
    title: form.title.trim(),
    when: form.naturalTime.trim() || form.dateTime,
    ...(iso ? { reminder_time: iso } : {}),
  };
}

/**
 * Checked in the browser by calendar.createReminder's own rules (doc2 §5: a title, and either words or a date and
 * time), whose messages are the page's.
 */
export const reminderForm = defineContractForm({
  schema: contracts.calendar.createReminder.request,
  toInput: toNewReminder,
  fields: { when: 'naturalTime', reminder_time: 'dateTime' },
});

/** The page's validation (doc2 §5): the first problem, or null when the form can be sent. */
export function reminderFormError(form: ReminderForm): string | null {
  return Object.values(contractFormErrors(reminderForm, form))[0] ?? null;
}
