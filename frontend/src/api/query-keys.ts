import type { InputOf } from './client';
import { api, type Route } from './routes';

/**
 * The query key of a GET endpoint, taken from its declaration: `[path]`, or `[path, input]` for a call that takes one
 * (`queryKeyOf(api.mail.detail, { id, images })`). The default query function GETs it (the input fills the path's
 * `:params` and the query, as callApi does). The path alone is a prefix of every key of the endpoint and a partial
 * input matches the keys that include it, so a live event or a mutation that invalidates `queryKeyOf(api.mail.list)`
 * refreshes every search, and `queryKeyOf(api.mail.detail, { id })` both image settings of one message.
 */
export function queryKeyOf<R extends Route>(route: R, input?: Partial<InputOf<R>>): readonly unknown[] {
  return input === undefined ? [route.path] : [route.path, input];
}

/**
 * Every query key of the app. A key is the GET path (plus extra parts joined with '/'),
 * so the default query function can fetch it.
 */
export const queryKeys = {
  currentUser: [api.identity.currentUser.path] as const,
  whispers: [api.chat.whispers.path] as const,
  reminders: [api.calendar.reminders.path] as const,
  phoneMessages: [api.telephony.phoneMessages.path] as const,
  phoneLine: [api.telephony.phoneLine.path] as const,
  smsDraft: [api.telephony.smsDraft.path] as const,
  callQueue: [api.telephony.callQueue.path] as const,
  callLogs: [api.telephony.callLogs.path] as const,
  callScenarios: [api.telephony.scenarios.path] as const,
  callUsage: [api.billing.callUsage.path] as const,
  usage: [api.billing.usage.path] as const,
  contacts: [api.telephony.contacts.path] as const,
  notifications: [api.notifications.list.path] as const,
  userLocation: [api.notifications.getLocation.path] as const,
  notificationPreferences: [api.notifications.preferences.path] as const,
  voiceAlerts: [api.notifications.voiceAlerts.path] as const,
  smsVerification: [api.notifications.smsVerification.path] as const,
  emailStatus: [api.mail.status.path] as const,
  /** Every mail list (any search) shares the first part, so one invalidation refreshes them all. */
  emailList: (q = '') => [api.mail.list.path, q] as const,
  emailMessage: (id: string, images: 'show' | 'hide' = 'hide') => ['/api/email', id, images] as const,
  calendarConnection: [api.calendar.connectionStatus.path] as const,
  calendarSyncStatus: [api.calendar.syncStatus.path] as const,
  bookingRequest: (code: string) => ['/api/booking-requests', code] as const,
  placeSuggestions: (q: string) => [api.calendar.placeSuggestions.path, q] as const,
  chatMessages: [api.chat.messages.path] as const,
  personality: [api.chat.getPersonality.path] as const,
  career: [api.chat.getCareer.path] as const,
  memories: [api.chat.memories.path] as const,
  patterns: [api.chat.patterns.path] as const,
  patternInsights: [api.chat.patternInsights.path] as const,
  twin: [api.chat.twin.path] as const,
  shortcuts: [api.chat.shortcuts.path] as const,
  conversations: [api.chat.conversations.path] as const,
  voiceCloningStatus: [api.voice.voiceStatus.path] as const,
  discordInvite: [api.chat.discordInvite.path] as const,
  sharedConversation: (shareToken: string) => ['/api/shared', shareToken] as const,
  /** The latest export of the user's data (the Account page's Export section). */
  accountExport: [api.account.latestExport.path] as const,
};
