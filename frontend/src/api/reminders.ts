import type { Reminder, RequestInputOf } from '@jarvis/contracts';
import { api, type Api } from './routes';
import { callApi } from './client';

export type NewReminder = RequestInputOf<Api['calendar']['createReminder']>;

/** POST /api/reminders {title, when, reminder_time?}. */
export function createReminder(reminder: NewReminder): Promise<Reminder> {
  return callApi(api.calendar.createReminder, reminder);
}

/** PUT /api/reminders/:id {done}. */
export function setReminderDone(id: string, done: boolean): Promise<Reminder> {
  return callApi(api.calendar.updateReminder, { id, done });
}

/** DELETE /api/reminders/:id. */
export async function deleteReminder(id: string): Promise<void> {
  await callApi(api.calendar.deleteReminder, { id });
}
