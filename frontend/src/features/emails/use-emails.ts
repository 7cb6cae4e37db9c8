import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { fetchEmail, fetchEmailAuthUrl, listEmails, type EmailList, type EmailMessage } from '../../api/mail';
import { queryKeys } from '../../api/query-keys';
import { queryTimings } from '../../api/query-timings';
import { shouldRetryMailQuery } from './mail-errors';

/**
 * GET /api/email/list?q=: stale after 30 s. Its own query function, because the default one turns a 401 into null and
 * the expired connection (401 MAIL_CONNECTION_EXPIRED) must show as such; that failure is never retried.
 */
export function useEmailList(q: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<EmailList>({
    queryKey: queryKeys.emailList(q),
    queryFn: ({ signal }) => listEmails(q, { signal }),
    enabled,
    placeholderData: keepPreviousData,
    retry: shouldRetryMailQuery,
    ...queryTimings.mailList,
  });
}

/** GET /api/email/:id: one message with its sanitised body. */
export function useEmailMessage(id: string | null) {
  return useQuery<EmailMessage>({
    queryKey: queryKeys.emailMessage(id ?? ''),
    queryFn: ({ signal }) => fetchEmail(id ?? '', { signal }),
    enabled: Boolean(id),
    retry: shouldRetryMailQuery,
    ...queryTimings.mailList,
  });
}

/** GET /api/email/auth/url, then the whole page goes to Google's consent screen. */
export function useConnectEmail({ onError }: { onError?: (error: unknown) => void } = {}) {
  return useMutation({
    mutationFn: async () => {
      const result = await fetchEmailAuthUrl();
      if (!result?.url) throw new Error('No authorization URL received');
      window.location.assign(result.url);
      return result.url;
    },
    onError: (error) => onError?.(error),
    retry: false,
  });
}
