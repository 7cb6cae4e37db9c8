import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../api/routes';
import { ALL_LIVE_QUERIES, LIVE_EVENT_KINDS, queriesForLiveEvent } from './live-invalidation';

/** After the server refused the stream (EventSource gives up on an HTTP error), wait this long, doubling. */
export const LIVE_RETRY_FIRST_MS = 5_000;
export const LIVE_RETRY_MAX_MS = 5 * 60_000;

/**
 * One `GET /api/live` stream for the signed-in user; each event refetches the queries its kind names, so lists and
 * badges change within a second. EventSource reconnects by itself after a dropped connection; when the server
 * refuses it (an HTTP error closes it for good) it is reopened after a growing pause. The spec's polling goes on
 * regardless, so nothing depends on the stream being up. Returns the function that closes it.
 */
export function openLiveEvents(queryClient: QueryClient): () => void {
  let source: EventSource | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let retryMs = LIVE_RETRY_FIRST_MS;
  let wasDown = false;
  let closed = false;

  const invalidate = (keys: readonly (readonly unknown[])[]) =>
    keys.forEach((queryKey) => void queryClient.invalidateQueries({ queryKey }));

  const open = () => {
    source = new EventSource(api.identity.live.path, { withCredentials: true });
    source.onopen = () => {
      retryMs = LIVE_RETRY_FIRST_MS;
      if (wasDown) invalidate(ALL_LIVE_QUERIES);
      wasDown = false;
    };
    source.onerror = () => {
      wasDown = true;
      if (source?.readyState !== EventSource.CLOSED || closed) return;
      retryTimer = setTimeout(open, retryMs);
      retryMs = Math.min(retryMs * 2, LIVE_RETRY_MAX_MS);
    };
    for (const kind of LIVE_EVENT_KINDS) {
      source.addEventListener(kind, () => invalidate(queriesForLiveEvent(kind)));
    }
  };

  open();
  return () => {
    closed = true;
    clearTimeout(retryTimer);
    source?.close();
  };
}

/** Keeps the live stream open while `userId` is signed in; closes it at logout (or when another user signs in). */
export function useLiveEvents(userId: string | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return;
    return openLiveEvents(queryClient);
  }, [queryClient, userId]);
}
