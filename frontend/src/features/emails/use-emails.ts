import { keepPreviousData, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import {
  fetchEmail,
  fetchEmailAuthUrl,
  listEmails,
  type EmailList,
  type EmailMessage,
  type MailReturnTo,
} from '../../api/mail';
import { queryKeys } from '../../api/query-keys';
import { queryTimings } from '../../api/query-timings';
import { browser } from '../../components/browser';
import { shouldRetryMailQuery } from './mail-errors';

/**
 * GET /api/email/list?q=: the 25 newest, then the next pages by their token; stale after 30 s. Its own query
 * function, because the default one turns a 401 into null and the expired connection (401 MAIL_CONNECTION_EXPIRED)
 * must show as such; that failure is never retried.
 */
export function useEmailList(q: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: queryKeys.emailList(q),
    queryFn: ({ pageParam, signal }) => listEmails(q, pageParam, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: EmailList) => last?.nextPageToken || undefined,
    enabled,
    placeholderData: keepPreviousData,
    retry: shouldRetryMailQuery,
    ...queryTimings.mailList,
  });
}

/** GET /api/email/:id, with the remote images once the user asked for them. */
export function useEmailMessage(id: string | null, { showImages = false }: { showImages?: boolean } = {}) {
  return useQuery<EmailMessage>({
    queryKey: queryKeys.emailMessage(id ?? '', showImages ? 'show' : 'hide'),
    queryFn: ({ signal }) => fetchEmail(id ?? '', showImages, { signal }),
    enabled: Boolean(id),
    placeholderData: keepPreviousData,
    retry: shouldRetryMailQuery,
    ...queryTimings.mailList,
  });
}

/** GET /api/email/auth/url, then the whole page goes to Google's consent screen and back to `returnTo`. */
export function useConnectEmail({
  returnTo,
  onError,
}: { returnTo?: MailReturnTo; onError?: (error: unknown) => void } = {}) {
  return useMutation({
    mutationFn: async () => {
      const result = await fetchEmailAuthUrl(returnTo);
      if (!result?.url) throw new Error('No authorization URL received');
      browser.assign(result.url);
      return result.url;
    },
    onError: (error) => onError?.(error),
    retry: false,
  });
}
