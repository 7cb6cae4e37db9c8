import { api } from '@jarvis/contracts';

/**
 * Every query key of the app. A key is the GET path (plus extra parts joined with '/'),
 * so the default query function can fetch it.
 */
export const queryKeys = {
  currentUser: [api.identity.currentUser.path] as const,
  whispers: [api.chat.whispers.path] as const,
  reminders: [api.calendar.reminders.path] as const,
  phoneMessages: [api.telephony.phoneMessages.path] as const,
  callQueue: [api.telephony.callQueue.path] as const,
  notifications: [api.notifications.list.path] as const,
  emailStatus: [api.mail.status.path] as const,
};
