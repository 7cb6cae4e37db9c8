import { useQuery } from '@tanstack/react-query';
import type { PhoneMessage } from '@jarvis/contracts';
import { queryKeys } from '../../api/query-keys';
import { queryTimings } from '../../api/query-timings';

/** GET /api/phone-messages (stale 30 s). */
export function usePhoneMessages() {
  return useQuery<PhoneMessage[] | null>({
    queryKey: queryKeys.phoneMessages,
    ...queryTimings.phoneMessages,
  });
}

/** Phone messages with status 'new' count as unread (doc1 §3). */
export function countNewPhoneMessages(messages: unknown): number {
  return Array.isArray(messages)
    ? messages.filter((m: Partial<PhoneMessage>) => m && m.status === 'new').length
    : 0;
}
