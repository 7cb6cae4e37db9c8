import { useQuery } from '@tanstack/react-query';
import type { Whisper } from '@jarvis/contracts';
import { fetchWhispers } from '../../api/chat';
import { queryKeyOf } from '../../api/query-keys';
import { queryTimings } from '../../api/query-timings';
import { api } from '../../api/routes';

/** Smart Suggestions: GET /api/whispers, stale 30 s, refetched every 60 s. */
export function useWhispers() {
  return useQuery<Whisper[]>({
    queryKey: queryKeyOf(api.chat.whispers),
    queryFn: ({ signal }) => fetchWhispers({ signal }),
    ...queryTimings.whispers,
  });
}

export const WHISPER_TYPES = ['planning', 'commute', 'wellness', 'bills'] as const;
export type WhisperType = (typeof WHISPER_TYPES)[number];

/** Any type other than the four known ones is treated as planning (doc1 §3). */
export function whisperTypeOf(type: unknown): WhisperType {
  return (WHISPER_TYPES as readonly unknown[]).includes(type) ? (type as WhisperType) : 'planning';
}

/** With no accept handler, accepting raises the window event `addChatMessage` (doc1 §4). */
export function acceptWhisper(text: string, onAccept?: (text: string) => void) {
  if (onAccept) {
    onAccept(text);
    return;
  }
  window.dispatchEvent(new CustomEvent('addChatMessage', { detail: { text, sender: 'user' } }));
}
