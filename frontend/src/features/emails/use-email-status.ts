import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, getQueryFn, statusOf } from '../../api/client';
import type { EmailStatus, EmailOperation } from '../../api/mail';
import { queryKeyOf } from '../../api/query-keys';
import { api } from '../../api/routes';
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
    queryKey: queryKeyOf(api.mail.status),
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
    mutationFn: () => callApi(api.mail.disconnect),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: queryKeyOf(api.mail.list) });
      queryClient.removeQueries({ queryKey: queryKeyOf(api.mail.detail) });
      await queryClient.invalidateQueries({ queryKey: queryKeyOf(api.mail.status) });
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
      queryClient.removeQueries({ queryKey: queryKeyOf(api.mail.detail, { id: messageId }) });
      await queryClient.invalidateQueries({ queryKey: queryKeyOf(api.mail.list) });
    },
  });
}
