import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Notification } from '@jarvis/contracts';
import { callApi } from '../../api/client';
import { queryKeyOf } from '../../api/query-keys';
import { api } from '../../api/routes';

const notificationsKey = queryKeyOf(api.notifications.list);

/*
 * The inbox's writes, apart from use-notifications.ts: the navigation badge reads the list at start-up, and the code
 * that changes it loads only with the Notifications section.
 */

interface Callbacks {
  onError?: (error: unknown) => void;
}

type NotificationList = Notification[] | null | undefined;

/**
 * Applies `change` to the cached list at once and answers the list as it was, for the rollback. Queries in flight
 * are cancelled first so an older answer cannot overwrite the change.
 */
async function changeList(queryClient: QueryClient, change: (list: Notification[]) => Notification[]) {
  await queryClient.cancelQueries({ queryKey: notificationsKey });
  const previous = queryClient.getQueryData<NotificationList>(notificationsKey);
  queryClient.setQueryData<NotificationList>(notificationsKey, (list) => (list ? change(list) : list));
  return { previous };
}

/** The shared shape of the inbox's writes: optimistic, rolled back on failure, refetched either way. */
function useInboxMutation<V>(
  mutationFn: (vars: V) => Promise<unknown>,
  change: (list: Notification[], vars: V) => Notification[],
  { onError }: Callbacks,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onMutate: (vars: V) => changeList(queryClient, (list) => change(list, vars)),
    onError: (error, _vars, context) => {
      if (context) queryClient.setQueryData(notificationsKey, context.previous);
      onError?.(error);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}

/** PUT /api/notifications/:id/read: the entry shows as read at once, and unread again if the call fails. */
export function useMarkNotificationRead(callbacks: Callbacks = {}) {
  return useInboxMutation(
    (id: string) => callApi(api.notifications.markRead, { id }),
    (list, id) => list.map((n) => (n.id === id ? { ...n, read: true } : n)),
    callbacks,
  );
}

/** PUT /api/notifications/mark-all-read: every entry shows as read at once. */
export function useMarkAllNotificationsRead(callbacks: Callbacks = {}) {
  return useInboxMutation<void>(
    () => callApi(api.notifications.markAllRead),
    (list) => list.map((n) => (n.read ? n : { ...n, read: true })),
    callbacks,
  );
}

/** DELETE /api/notifications/:id: the entry leaves the list at once, and comes back if the call fails. */
export function useDeleteNotification(callbacks: Callbacks = {}) {
  return useInboxMutation(
    (id: string) => callApi(api.notifications.remove, { id }),
    (list, id) => list.filter((n) => n.id !== id),
    callbacks,
  );
}
