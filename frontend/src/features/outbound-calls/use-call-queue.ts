import { useQuery } from '@tanstack/react-query';
import type { OutputOf } from '../../api/client';
import { queryKeyOf } from '../../api/query-keys';
import { queryTimings } from '../../api/query-timings';
import { api } from '../../api/routes';

export type CallQueue = OutputOf<typeof api.telephony.callQueue>;

/**
 * GET /api/proactive-call/queue. The shell polls every 15 s (stale 10 s); the Outbound Calls screen
 * passes `screen: 'outbound'` for its 30 s poll (stale 20 s).
 */
export function useCallQueue({ screen = 'shell' }: { screen?: 'shell' | 'outbound' } = {}) {
  const timing = screen === 'outbound' ? queryTimings.callQueueOutbound : queryTimings.callQueueShell;
  return useQuery<CallQueue | null>({ queryKey: queryKeyOf(api.telephony.callQueue), ...timing });
}

export function countQueuedCalls(queue: unknown): number {
  const total = (queue as Partial<CallQueue> | null | undefined)?.totalQueued;
  return typeof total === 'number' && total > 0 ? total : 0;
}
