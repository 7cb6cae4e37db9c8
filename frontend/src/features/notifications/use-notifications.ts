import { useQuery } from '@tanstack/react-query';
import type { Notification } from '@jarvis/contracts';
import { queryKeys } from '../../api/query-keys';
import { queryTimings } from '../../api/query-timings';

/**
 * GET /api/notifications: polled every 15 s, stale after 10 s. The key is the one the `/api/live` 'notifications'
 * event invalidates and the nav badge reads, so the inbox and the badge follow a new entry at once.
 */
export function useNotifications() {
  return useQuery<Notification[] | null>({
    queryKey: queryKeys.notifications,
    ...queryTimings.notifications,
  });
}

export function countUnreadNotifications(notifications: unknown): number {
  return Array.isArray(notifications)
    ? notifications.filter((n: Partial<Notification>) => n && n.read !== true).length
    : 0;
}
