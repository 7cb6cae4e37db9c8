import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@jarvis/contracts';
import type { Api } from '../../api/routes';
import { queryKeys } from '../../api/query-keys';

export type Usage = ResponseOf<Api['billing']['usage']>;

/** GET /api/usage: the month's outgoing calls and today's use of every daily quota, fresh each time it is shown. */
export function useUsage() {
  return useQuery<Usage | null>({ queryKey: queryKeys.usage, refetchOnMount: 'always' });
}
