import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Reminder } from '@jarvis/contracts';
import { callApi } from '../../api/client';
import { queryKeyOf } from '../../api/query-keys';
import { queryTimings } from '../../api/query-timings';
import type { NewReminder } from '../../api/reminders';
import { api } from '../../api/routes';
import { useToast } from '../../components/toast/toast-context';

const remindersKey = queryKeyOf(api.calendar.reminders);

/** GET /api/reminders (stale 30 s). Null for a visitor (401). */
export function useReminders() {
  return useQuery<Reminder[] | null>({ queryKey: remindersKey, ...queryTimings.reminders });
}

/** Reminders not done: the sidebar badge. Tolerates an unexpected body while the service is unbuilt. */
export function countOpenReminders(reminders: unknown): number {
  return Array.isArray(reminders)
    ? reminders.filter((r: Partial<Reminder>) => r && r.done !== true).length
    : 0;
}

/** The sidebar shows at most 5 reminders that are not done. */
export const UPCOMING_REMINDERS_LIMIT = 5;

/** Not-done reminders, soonest first (those without a time keep their order after the timed ones). */
export function upcomingReminders(
  reminders: readonly Reminder[] | null | undefined,
  limit = UPCOMING_REMINDERS_LIMIT,
): Reminder[] {
  const open = (reminders ?? []).filter((r) => !r.done);
  const time = (r: Reminder) =>
    r.reminder_time ? new Date(r.reminder_time).getTime() : Number.POSITIVE_INFINITY;
  return open
    .map((r, i) => ({ r, i }))
    .sort((a, b) => time(a.r) - time(b.r) || a.i - b.i)
    .map(({ r }) => r)
    .slice(0, limit);
}

export function useCreateReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reminder: NewReminder) => callApi(api.calendar.createReminder, reminder),
    onSettled: () => queryClient.invalidateQueries({ queryKey: remindersKey }),
  });
}

/** Toggles done both ways; the list updates at once, and is put back with a toast if the call fails. */
export function useToggleReminder() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation({
    mutationFn: (input: { id: string; done: boolean }) => callApi(api.calendar.updateReminder, input),
    onMutate: async ({ id, done }) => {
      await queryClient.cancelQueries({ queryKey: remindersKey });
      const previous = queryClient.getQueryData<Reminder[] | null>(remindersKey);
      queryClient.setQueryData<Reminder[] | null>(remindersKey, (list) =>
        list ? list.map((r) => (r.id === id ? { ...r, done } : r)) : list,
      );
      return { previous };
    },
    onError: (_error, _vars, context) => {
      if (context) queryClient.setQueryData(remindersKey, context.previous);
      toast({
        title: 'Error',
        description: 'Could not update the reminder. Please try again.',
        variant: 'destructive',
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: remindersKey }),
  });
}

export function useDeleteReminder() {
  return useMutation({ mutationFn: (id: string) => callApi(api.calendar.deleteReminder, { id }) });
}
