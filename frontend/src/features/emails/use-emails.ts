import { keepPreviousData, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from '../../api/client';
import type { EmailList, EmailMessage, MailReturnTo } from '../../api/mail';
import { queryKeyOf } from '../../api/query-keys';
import { queryTimings } from '../../api/query-timings';
import { api } from '../../api/routes';
import { browser } from '../../components/browser';
import { shouldRetryMailQuery } from './mail-errors';

/**
 * GET /api/email/list?q=: the 25 newest, then the next pages by their token; stale after 30 s. Its own query
 * function, because the default one turns a 401 into null and the expired connection (401 MAIL_CONNECTION_EXPIRED)
 * must show as such; that failure is never retried.
 */
export function useEmailList(q: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: queryKeyOf(api.mail.list, { q }),
    queryFn: ({ pageParam, signal }) =>
      callApi(api.mail.list, { q: q.trim() || undefined, pageToken: pageParam }, { signal }),
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
  const input = { id: id ?? '', images: showImages ? ('show' as const) : ('hide' as const) };
  return useQuery<EmailMessage>({
    queryKey: queryKeyOf(api.mail.detail, input),
    queryFn: ({ signal }) => callApi(api.mail.detail, input, { signal }),
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
      const result = await callApi(api.mail.authUrl, { returnTo });
      if (!result?.url) throw new Error('No authorization URL received');
      browser.assign(result.url);
      return result.url;
    },
    onError: (error) => onError?.(error),
    retry: false,
  });
}
