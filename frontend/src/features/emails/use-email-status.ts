import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { disconnectEmail, type EmailStatus } from '../../api/mail';
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

/** DELETE /api/email/disconnect: resolves once the status has refreshed. */
export function useDisconnectEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.emailStatus }),
  });
}
