import { api, buildPath, type Reminder, type RequestInputOf } from '@jarvis/contracts';
import { apiJson, apiRequest } from './client';

export type NewReminder = RequestInputOf<typeof api.calendar.createReminder>;

/** POST /api/reminders {title, when, reminder_time?}. */
export function createReminder(reminder: NewReminder): Promise<Reminder> {
  return apiJson<Reminder>('POST', api.calendar.createReminder.path, reminder);
}

/** PUT /api/reminders/{id} {done}. */
export function setReminderDone(id: string, done: boolean): Promise<Reminder> {
  return apiJson<Reminder>('PUT', buildPath(api.calendar.updateReminder.path, { id }), { done });
}

/** DELETE /api/reminders/{id}. */
export async function deleteReminder(id: string): Promise<void> {
  await apiRequest('DELETE', buildPath(api.calendar.deleteReminder.path, { id }));
}
