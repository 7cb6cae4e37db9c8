import type { LiveKind } from '@jarvis/contracts';
import { queryKeyOf } from '../../api/query-keys';
import { api, type Route } from '../../api/routes';

/** The live event kinds of libs/contracts/src/live.ts (a copy: the app does not load the contracts at start). */
export const LIVE_EVENT_KINDS = [
  'reminders',
  'notifications',
  'phone-messages',
  'call-queue',
  'calls',
  'badges',
  'export',
  'import',
] as const satisfies readonly LiveKind[];

/** The query keys of these GET endpoints: each key a prefix of every query that reads the endpoint. */
const keysOf = (...routes: readonly Route[]) => routes.map((route) => queryKeyOf(route));

const BADGE_QUERIES = keysOf(
  api.calendar.reminders,
  api.notifications.list,
  api.telephony.phoneMessages,
  api.telephony.callQueue,
);

/**
 * The queries a live event makes stale, by kind. A key is a prefix: `/api/reminders` covers the Reminders screen,
 * the chat sidebar's upcoming reminders and the navigation badge, which all read it.
 */
export const LIVE_INVALIDATIONS: Record<LiveKind, readonly (readonly unknown[])[]> = {
  reminders: keysOf(api.calendar.reminders),
  notifications: keysOf(api.notifications.list),
  'phone-messages': keysOf(api.telephony.phoneMessages),
  'call-queue': keysOf(api.telephony.callQueue),
  calls: keysOf(api.telephony.callQueue, api.telephony.callLogs, api.billing.callUsage),
  badges: BADGE_QUERIES,
  export: keysOf(api.account.latestExport),
  // An imported archive adds to every area: the lists the user sees refetch.
  import: keysOf(
    api.identity.currentUser,
    api.calendar.reminders,
    api.chat.messages,
    api.chat.conversations,
    api.chat.memories,
    api.chat.shortcuts,
    api.chat.twin,
    api.chat.getPersonality,
    api.chat.getCareer,
    api.telephony.contacts,
    api.telephony.phoneMessages,
    api.telephony.callLogs,
    api.telephony.scenarios,
    api.notifications.list,
    api.notifications.preferences,
    api.notifications.voiceAlerts,
    api.calendar.syncStatus,
  ),
};

export function queriesForLiveEvent(kind: string): readonly (readonly unknown[])[] {
  return (LIVE_INVALIDATIONS as Record<string, readonly (readonly unknown[])[]>)[kind] ?? [];
}

/** Everything live events keep fresh: refetched after the stream was down, as events may have been missed. */
export const ALL_LIVE_QUERIES = BADGE_QUERIES;
