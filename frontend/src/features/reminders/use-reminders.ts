import { useQuery } from '@tanstack/react-query';
import type { Reminder } from '@jarvis/contracts';
import { queryKeys } from '../../api/query-keys';
import { queryTimings } from '../../api/query-timings';

/** GET /api/reminders (stale 30 s). Null for a visitor (401). */
export function useReminders() {
  return useQuery<Reminder[] | null>({ queryKey: queryKeys.reminders, ...queryTimings.reminders });
}

/** Reminders not done: the sidebar badge. Tolerates an unexpected body while the service is unbuilt. */
export function countOpenReminders(reminders: unknown): number {
  return Array.isArray(reminders)
    ? reminders.filter((r: Partial<Reminder>) => r && r.done !== true).length
    : 0;
}
