import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../api/client';
import type { CalendarConnection, CalendarSyncSettingsInput, CalendarSyncStatus } from '../../api/calendar';
import { queryKeyOf } from '../../api/query-keys';
import { queryTimings } from '../../api/query-timings';
import { api } from '../../api/routes';
import { shouldRetryCalendarQuery } from './calendar-errors';

const connectionKey = queryKeyOf(api.calendar.connectionStatus);
const syncStatusKey = queryKeyOf(api.calendar.syncStatus);
const remindersKey = queryKeyOf(api.calendar.reminders);

/**
 * GET /api/calendar/connection-status, never retried (doc2 §7); polled every 5 s while the connect popup is open.
 * Null for a visitor.
 */
export function useCalendarConnection({ connecting = false }: { connecting?: boolean } = {}) {
  return useQuery<CalendarConnection | null>({
    queryKey: connectionKey,
    retry: queryTimings.calendarConnection.retry,
    refetchInterval: connecting ? queryTimings.calendarConnection.refetchInterval : false,
  });
}

/**
 * GET /api/calendar/sync-status, only while connected, every 10 s. Its own query function: the expired connection
 * (401 CALENDAR_CONNECTION_EXPIRED) must show as such, not as a signed-out null, and is not retried.
 */
export function useCalendarSyncStatus({ enabled }: { enabled: boolean }) {
  return useQuery<CalendarSyncStatus>({
    queryKey: syncStatusKey,
    queryFn: ({ signal }) => callApi(api.calendar.syncStatus, {}, { signal }),
    enabled,
    retry: shouldRetryCalendarQuery,
    refetchInterval: enabled ? queryTimings.calendarSyncStatus.refetchInterval : false,
  });
}

/** POST /api/calendar/disconnect: the status refreshes and the sync status goes. */
export function useDisconnectCalendar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(api.calendar.disconnect),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: syncStatusKey });
      await queryClient.invalidateQueries({ queryKey: connectionKey });
    },
  });
}

/**
 * POST /api/calendar/sync-settings with what changed. The switches move at once; the server's answer replaces them,
 * and a failure refetches the sync status so every input shows what is stored.
 */
export function useSaveSyncSettings({
  onSuccess,
  onError,
}: { onSuccess?: () => void; onError?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CalendarSyncSettingsInput) => callApi(api.calendar.syncSettings, input),
    retry: false,
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: syncStatusKey });
      queryClient.setQueryData<CalendarSyncStatus>(syncStatusKey, (status) =>
        status
          ? { ...status, settings: { ...status.settings, ...input } as CalendarSyncStatus['settings'] }
          : status,
      );
    },
    onSuccess: (settings) => {
      queryClient.setQueryData<CalendarSyncStatus>(syncStatusKey, (status) =>
        status && settings ? { ...status, settings } : status,
      );
      onSuccess?.();
    },
    onError: async () => {
      await queryClient.invalidateQueries({ queryKey: syncStatusKey });
      onError?.();
    },
  });
}

/** POST /api/calendar/sync: the recent syncs and the reminders change. */
export function useSyncCalendar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(api.calendar.sync),
    retry: false,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: syncStatusKey }),
        queryClient.invalidateQueries({ queryKey: remindersKey }),
      ]),
  });
}

/** DELETE /api/calendar/synced-event/:id: the row leaves at once; the status is refetched either way. */
export function useRemoveSyncedEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(api.calendar.deleteSyncedEvent, { id }),
    retry: false,
    onSuccess: (_r, id) =>
      queryClient.setQueryData<CalendarSyncStatus>(syncStatusKey, (status) =>
        status ? { ...status, recentSyncs: status.recentSyncs.filter((event) => event.id !== id) } : status,
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: syncStatusKey }),
        queryClient.invalidateQueries({ queryKey: remindersKey }),
      ]),
  });
}
