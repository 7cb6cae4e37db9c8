import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallLog, CallScenario, ResponseOf } from '@jarvis/contracts';
import {
  createScenario,
  deleteCallLog,
  deleteScenario,
  executeScenario,
  queueOutboundCall,
  updateScenario,
  type ScenarioInput,
} from '../../api/outbound-calls';
import { queryKeys } from '../../api/query-keys';
import { queryTimings } from '../../api/query-timings';
import type { Api } from '../../api/routes';

export type CallUsage = ResponseOf<Api['billing']['callUsage']>;

interface Callbacks {
  onSuccess?: () => void;
  onError?: (error: unknown) => void;
}

/** GET /api/proactive-call/logs, newest first: polled every 60 s, stale after 45 s (doc3 §7). */
export function useCallLogs() {
  return useQuery<CallLog[] | null>({ queryKey: queryKeys.callLogs, ...queryTimings.callLogs });
}

/** GET /api/subscription/call-usage: asked only when the plan includes outgoing calls (doc3 §6). */
export function useCallUsage({ enabled }: { enabled: boolean }) {
  return useQuery<CallUsage | null>({ queryKey: queryKeys.callUsage, enabled });
}

/** GET /api/call-scenarios. */
export function useScenarios() {
  return useQuery<{ scenarios: CallScenario[] } | null>({ queryKey: queryKeys.callScenarios });
}

/** What a queued call changes: the queue, the logs and the month's usage. */
function useRefreshCalls() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [queryKeys.callQueue, queryKeys.callLogs, queryKeys.callUsage].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/** POST /api/proactive-call/<kind>. */
export function useQueueCall({ onSuccess, onError }: Callbacks = {}) {
  const refresh = useRefreshCalls();
  return useMutation({
    mutationFn: queueOutboundCall,
    onSuccess: () => onSuccess?.(),
    onError: (error) => onError?.(error),
    onSettled: refresh,
  });
}

/** DELETE /api/proactive-call/logs/:id: the log leaves the list at once. */
export function useDeleteCallLog({ onSuccess, onError }: Callbacks = {}) {
  const queryClient = useQueryClient();
  const refresh = useRefreshCalls();
  return useMutation({
    mutationFn: deleteCallLog,
    onSuccess: (_r, id) => {
      queryClient.setQueryData<CallLog[] | null>(queryKeys.callLogs, (logs) =>
        logs ? logs.filter((log) => log.id !== id) : logs,
      );
      onSuccess?.();
    },
    onError: (error) => onError?.(error),
    onSettled: refresh,
  });
}

/** POST /api/call-scenarios, or PUT /api/call-scenarios/:id with an id. */
export function useSaveScenario({ onSuccess, onError }: Callbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: ScenarioInput }) =>
      id ? updateScenario(id, input) : createScenario(input),
    onSuccess: () => onSuccess?.(),
    onError: (error) => onError?.(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.callScenarios }),
  });
}

/** DELETE /api/call-scenarios/:id. */
export function useDeleteScenario({ onSuccess, onError }: Callbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteScenario,
    onSuccess: () => onSuccess?.(),
    onError: (error) => onError?.(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.callScenarios }),
  });
}

/** POST /api/call-scenarios/:id/execute: one run now; the queue and last_executed change. */
export function useRunScenario({ onSuccess, onError }: Callbacks = {}) {
  const queryClient = useQueryClient();
  const refresh = useRefreshCalls();
  return useMutation({
    mutationFn: executeScenario,
    onSuccess: () => onSuccess?.(),
    onError: (error) => onError?.(error),
    onSettled: async () => {
      await Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: queryKeys.callScenarios })]);
    },
  });
}
