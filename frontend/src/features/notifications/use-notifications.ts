import { useQuery } from '@tanstack/react-query';
import type { Notification } from '@jarvis/contracts';
import { queryKeyOf } from '../../api/query-keys';
import { queryTimings } from '../../api/query-timings';
import { api } from '../../api/routes';

/**
 * GET /api/notifications: polled every 15 s, stale after 10 s. The key is the one the `/api/live` 'notifications'
 * event invalidates and the nav badge reads, so the inbox and the badge follow a new entry at once.
 */
export function useNotifications() {
  return useQuery<Notification[] | null>({
    queryKey: queryKeyOf(api.notifications.list),
    ...queryTimings.notifications,
  });
}

export function countUnreadNotifications(notifications: unknown): number {
  return Array.isArray(notifications)
    ? notifications.filter((n: Partial<Notification>) => n && n.read !== true).length
    : 0;
}
