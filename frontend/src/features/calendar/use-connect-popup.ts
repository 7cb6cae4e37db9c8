import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeyOf } from '../../api/query-keys';
import { api } from '../../api/routes';

export const POPUP_WIDTH = 600;
export const POPUP_HEIGHT = 700;
/** How often the page looks whether the popup was closed (doc2 §4). */
export const POPUP_CLOSED_CHECK_MS = 500;

/**
 * Opens GET /api/calendar/connect in a 600x700 popup, centred on this window. While it is open `connecting` is true
 * (the status polls every 5 s); once it closes, the status is checked again at once.
 */
export function useConnectPopup({ onBlocked }: { onBlocked?: () => void } = {}) {
  const queryClient = useQueryClient();
  const [connecting, setConnecting] = useState(false);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  const stop = useCallback(() => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
  }, []);
  useEffect(() => stop, [stop]);

  // The callback page tells its opener how it went before it closes itself: the status is read at once.
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      if ((event.data as { type?: unknown } | null)?.type !== 'calendar-connection') return;
      void queryClient.invalidateQueries({ queryKey: queryKeyOf(api.calendar.connectionStatus) });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [queryClient]);

  const open = useCallback(() => {
    const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - POPUP_WIDTH) / 2));
    const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2));
    const popup = window.open(
      api.calendar.connect.path,
      'jarvis-google-calendar',
      `width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top},popup=yes`,
    );
    if (!popup) {
      onBlocked?.();
      return;
    }
    setConnecting(true);
    stop();
    timer.current = setInterval(() => {
      if (!popup.closed) return;
      stop();
      setConnecting(false);
      void queryClient.invalidateQueries({ queryKey: queryKeyOf(api.calendar.connectionStatus) });
    }, POPUP_CLOSED_CHECK_MS);
  }, [onBlocked, queryClient, stop]);

  return { open, connecting };
}
