import { useQuery } from '@tanstack/react-query';
import type { EmailStatus } from '../../api/mail';
import { queryKeys } from '../../api/query-keys';
import { queryTimings } from '../../api/query-timings';

/** GET /api/email/status: stale after 60 s. */
export function useEmailStatus({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<EmailStatus | null>({
    queryKey: queryKeys.emailStatus,
    enabled,
    ...queryTimings.emailStatus,
  });
}
