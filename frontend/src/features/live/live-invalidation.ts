import type { LiveKind } from '@jarvis/contracts';
import { queryKeys } from '../../api/query-keys';

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

const BADGE_QUERIES = [
  queryKeys.reminders,
  queryKeys.notifications,
  queryKeys.phoneMessages,
  queryKeys.callQueue,
] as const;

/**
 * The queries a live event makes stale, by kind. A key is a prefix: `/api/reminders` covers the Reminders screen,
 * the chat sidebar's upcoming reminders and the navigation badge, which all read it.
 */
export const LIVE_INVALIDATIONS: Record<LiveKind, readonly (readonly unknown[])[]> = {
  reminders: [queryKeys.reminders],
  notifications: [queryKeys.notifications],
  'phone-messages': [queryKeys.phoneMessages],
  'call-queue': [queryKeys.callQueue],
  calls: [queryKeys.callQueue, queryKeys.callLogs, queryKeys.callUsage],
  badges: BADGE_QUERIES,
  export: [queryKeys.accountExport],
  // An imported archive adds to every area: the lists the user sees refetch.
  import: [
    queryKeys.currentUser,
    queryKeys.reminders,
    queryKeys.chatMessages,
    queryKeys.conversations,
    queryKeys.memories,
    queryKeys.shortcuts,
    queryKeys.twin,
    queryKeys.personality,
    queryKeys.career,
    queryKeys.contacts,
    queryKeys.phoneMessages,
    queryKeys.callLogs,
    queryKeys.callScenarios,
    queryKeys.notifications,
    queryKeys.notificationPreferences,
    queryKeys.voiceAlerts,
    queryKeys.calendarSyncStatus,
  ],
};

export function queriesForLiveEvent(kind: string): readonly (readonly unknown[])[] {
  return (LIVE_INVALIDATIONS as Record<string, readonly (readonly unknown[])[]>)[kind] ?? [];
}

/** Everything live events keep fresh: refetched after the stream was down, as events may have been missed. */
export const ALL_LIVE_QUERIES = BADGE_QUERIES;
