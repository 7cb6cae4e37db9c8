import { useQuery } from '@tanstack/react-query';
import type { PhoneMessage } from '@jarvis/contracts';
import { queryKeyOf } from '../../api/query-keys';
import { queryTimings } from '../../api/query-timings';
import { api } from '../../api/routes';

/** GET /api/phone-messages (stale 30 s). */
export function usePhoneMessages() {
  return useQuery<PhoneMessage[] | null>({
    queryKey: queryKeyOf(api.telephony.phoneMessages),
    ...queryTimings.phoneMessages,
  });
}

/** Phone messages with status 'new' count as unread (doc1 §3). */
export function countNewPhoneMessages(messages: unknown): number {
  return Array.isArray(messages)
    ? messages.filter((m: Partial<PhoneMessage>) => m && m.status === 'new').length
    : 0;
}
