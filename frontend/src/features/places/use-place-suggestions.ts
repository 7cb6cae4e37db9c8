import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../api/client';
import { queryKeyOf } from '../../api/query-keys';
import { api } from '../../api/routes';

/**
 * Suggestions start at 3 typed characters (doc3 §5): the contracts' PLACE_QUERY_MIN_CHARS, restated so this chunk
 * loads no zod (the spec checks they agree).
 */
export const PLACE_QUERY_MIN_CHARS = 3;

/** How long typing pauses before the suggestions are asked for. */
export const SUGGEST_DEBOUNCE_MS = 300;

/** `value`, once it has stopped changing for `ms`. */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Location suggestions for what is typed in a place field (doc3 §5, §9): asked once typing pauses, from 3
 * characters on, each text once (kept for the session), never retried (the next keystroke asks again).
 */
export function usePlaceSuggestions(typed: string) {
  const q = useDebouncedValue(typed.trim(), SUGGEST_DEBOUNCE_MS);
  const enabled = q.length >= PLACE_QUERY_MIN_CHARS;
  const query = useQuery({
    queryKey: queryKeyOf(api.calendar.placeSuggestions, { q }),
    queryFn: async ({ signal }) =>
      (await callApi(api.calendar.placeSuggestions, { q }, { signal })).suggestions,
    enabled,
    staleTime: Infinity,
    retry: false,
    placeholderData: keepPreviousData,
  });
  const waiting = typed.trim().length >= PLACE_QUERY_MIN_CHARS && typed.trim() !== q;
  return {
    /** What was asked (trimmed, settled). */
    asked: enabled ? q : '',
    suggestions: enabled ? (query.data ?? []) : [],
    loading: enabled && (query.isFetching || waiting),
    failed: enabled && query.isError && !query.isFetching,
  };
}
