/**
 * Every per-query stale and refetch time of the specs, in one place (doc1 §9, doc2 §7 and §9, doc3 §7 and §9).
 * Queries without an entry use the defaults of `query-client.ts`: never stale by time, no polling.
 */
const SECOND = 1_000;
const MINUTE = 60 * SECOND;

export interface QueryTiming {
  staleTime?: number;
  refetchInterval?: number;
  retry?: false;
}

export const queryTimings = {
  /** Smart Suggestions in the sidebar. */
  whispers: { staleTime: 30 * SECOND, refetchInterval: 60 * SECOND },
  notifications: { staleTime: 10 * SECOND, refetchInterval: 15 * SECOND },
  /** The outbound-call queue as the shell's badge reads it. */
  callQueueShell: { staleTime: 10 * SECOND, refetchInterval: 15 * SECOND },
  /** The outbound-call queue on the Outbound Calls screen (doc3 §7). */
  callQueueOutbound: { staleTime: 20 * SECOND, refetchInterval: 30 * SECOND },
  callLogs: { staleTime: 45 * SECOND, refetchInterval: 60 * SECOND },
  reminders: { staleTime: 30 * SECOND },
  phoneMessages: { staleTime: 30 * SECOND },
  memories: { staleTime: 30 * SECOND },
  emailStatus: { staleTime: 60 * SECOND },
  mailList: { staleTime: 30 * SECOND },
  personality: { staleTime: 5 * MINUTE },
  career: { staleTime: 5 * MINUTE },
  patterns: { staleTime: 5 * MINUTE, refetchInterval: 10 * MINUTE },
  patternInsights: { staleTime: 5 * MINUTE, refetchInterval: 10 * MINUTE },
  calendarConnection: { refetchInterval: 5 * SECOND, retry: false },
  calendarSyncStatus: { refetchInterval: 10 * SECOND },
} as const satisfies Record<string, QueryTiming>;

export type QueryTimingName = keyof typeof queryTimings;
