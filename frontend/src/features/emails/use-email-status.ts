import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getQueryFn, statusOf } from '../../api/client';
import { disconnectEmail, type EmailStatus, type EmailOperation } from '../../api/mail';
import { queryKeys } from '../../api/query-keys';
import { queryTimings } from '../../api/query-timings';
import { runEmailOperation } from './email-management';
import { isMailConnectionExpired, shouldRetryMailQuery } from './mail-errors';

const readStatus = getQueryFn<EmailStatus>({ on401: 'throw' });

/**
 * GET /api/email/status: stale after 60 s; null for a visitor (a 401 without a session), while an expired Google grant
 * (401 MAIL_CONNECTION_EXPIRED) fails as such, so the page asks to reconnect.
 */
export function useEmailStatus({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<EmailStatus | null>({
    queryKey: queryKeys.emailStatus,
    queryFn: async (context) => {
      try {
        return await readStatus(context);
      } catch (error) {
        if (statusOf(error) === 401 && !isMailConnectionExpired(error)) return null;
        throw error;
      }
    },
    enabled,
    retry: shouldRetryMailQuery,
    ...queryTimings.emailStatus,
  });
}

/** DELETE /api/email/disconnect: resolves once the status has refreshed; the cached messages go with it. */
export function useDisconnectEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectEmail,
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: [queryKeys.emailList()[0]] });
      queryClient.removeQueries({ queryKey: ['/api/email'] });
      await queryClient.invalidateQueries({ queryKey: queryKeys.emailStatus });
    },
  });
}

/**
 * POST /api/email/:messageId/{unsubscribe|trash|delete|spam}: resolves with the outcome (toast, link to open) and never
 * throws; a message that left the inbox leaves the lists.
 */
export function useManageEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, op }: { messageId: string; op: EmailOperation }) =>
      runEmailOperation(messageId, op),
    retry: false,
    onSuccess: async (outcome, { messageId, op }) => {
      if (!outcome.ok || op === 'unsubscribe') return;
      queryClient.removeQueries({ queryKey: queryKeys.emailMessage(messageId).slice(0, 2) });
      await queryClient.invalidateQueries({ queryKey: [queryKeys.emailList()[0]] });
    },
  });
}
