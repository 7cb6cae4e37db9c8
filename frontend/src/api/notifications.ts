import type { Notification } from '@jarvis/contracts';
import { api } from './routes';
import { callApi } from './client';

/** PUT /api/notifications/:id/read. */
export function markNotificationRead(id: string): Promise<Notification> {
  return callApi(api.notifications.markRead, { id });
}

/** PUT /api/notifications/mark-all-read. */
export function markAllNotificationsRead(): Promise<{ updated: number }> {
  return callApi(api.notifications.markAllRead);
}

/** DELETE /api/notifications/:id. */
export async function deleteNotification(id: string): Promise<void> {
  await callApi(api.notifications.remove, { id });
}
