import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallLog, CallScenario, ResponseOf } from '@jarvis/contracts';
import { callApi } from '../../api/client';
import { queueOutboundCall, type ScenarioInput } from '../../api/outbound-calls';
import { queryKeyOf } from '../../api/query-keys';
import { queryTimings } from '../../api/query-timings';
import { api, type Api } from '../../api/routes';

export type CallUsage = ResponseOf<Api['billing']['callUsage']>;

const callLogsKey = queryKeyOf(api.telephony.callLogs);
const callUsageKey = queryKeyOf(api.billing.callUsage);
const scenariosKey = queryKeyOf(api.telephony.scenarios);

interface Callbacks {
  onSuccess?: () => void;
  onError?: (error: unknown) => void;
}

/** GET /api/proactive-call/logs, newest first: polled every 60 s, stale after 45 s (doc3 §7). */
export function useCallLogs() {
  return useQuery<CallLog[] | null>({ queryKey: callLogsKey, ...queryTimings.callLogs });
}

/** GET /api/subscription/call-usage: asked only when the plan includes outgoing calls (doc3 §6). */
export function useCallUsage({ enabled }: { enabled: boolean }) {
  return useQuery<CallUsage | null>({ queryKey: callUsageKey, enabled });
}

/** GET /api/call-scenarios. */
export function useScenarios() {
  return useQuery<{ scenarios: CallScenario[] } | null>({ queryKey: scenariosKey });
}

/** What a queued call changes: the queue, the logs and the month's usage. */
function useRefreshCalls() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [queryKeyOf(api.telephony.callQueue), callLogsKey, callUsageKey].map((queryKey) =>
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
    mutationFn: (id: string) => callApi(api.telephony.deleteCallLog, { id }),
    onSuccess: (_r, id) => {
      queryClient.setQueryData<CallLog[] | null>(callLogsKey, (logs) =>
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
      id
        ? callApi(api.telephony.updateScenario, { ...input, id })
        : callApi(api.telephony.createScenario, input),
    onSuccess: () => onSuccess?.(),
    onError: (error) => onError?.(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: scenariosKey }),
  });
}

/** DELETE /api/call-scenarios/:id. */
export function useDeleteScenario({ onSuccess, onError }: Callbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(api.telephony.deleteScenario, { id }),
    onSuccess: () => onSuccess?.(),
    onError: (error) => onError?.(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: scenariosKey }),
  });
}

/** POST /api/call-scenarios/:id/execute: one run now; the queue and last_executed change. */
export function useRunScenario({ onSuccess, onError }: Callbacks = {}) {
  const queryClient = useQueryClient();
  const refresh = useRefreshCalls();
  return useMutation({
    mutationFn: (id: string) => callApi(api.telephony.executeScenario, { id }),
    onSuccess: () => onSuccess?.(),
    onError: (error) => onError?.(error),
    onSettled: async () => {
      await Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: scenariosKey })]);
    },
  });
}
