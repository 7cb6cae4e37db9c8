import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@jarvis/contracts';
import { queryKeyOf } from '../../api/query-keys';
import { api, type Api } from '../../api/routes';

export type Usage = ResponseOf<Api['billing']['usage']>;

/** GET /api/usage: the month's outgoing calls and today's use of every daily quota, fresh each time it is shown. */
export function useUsage() {
  return useQuery<Usage | null>({ queryKey: queryKeyOf(api.billing.usage), refetchOnMount: 'always' });
}
