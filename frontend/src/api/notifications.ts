import type { Notification, NotificationPreferences } from '@jarvis/contracts';
import { api } from './routes';
import { callApi } from './client';

/** GET and PUT /api/user/voice-alerts: the spoken wake-up briefing. */
export interface VoiceAlertSettings {
  enabled: boolean;
  wakeTime: string;
}

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

/** PUT /api/notifications/preferences: the three channels, each replaced whole. */
export function updateNotificationPreferences(
  input: NotificationPreferences,
): Promise<NotificationPreferences> {
  return callApi(api.notifications.updatePreferences, input);
}

/** PUT /api/user/voice-alerts: the wake-up briefing on or off, and its time (HH:MM). */
export function updateVoiceAlerts(input: VoiceAlertSettings): Promise<VoiceAlertSettings> {
  return callApi(api.notifications.updateVoiceAlerts, input);
}
