import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Memory, Pattern, PatternInsight } from '@jarvis/contracts';
import { asList, callApi } from '../../api/client';
import { queryKeyOf } from '../../api/query-keys';
import { queryTimings } from '../../api/query-timings';
import { api } from '../../api/routes';

const memoriesKey = queryKeyOf(api.chat.memories);

/** GET /api/memories (stale 30 s). */
export function useMemories() {
  return useQuery<Memory[]>({
    queryKey: memoriesKey,
    queryFn: async () => asList(await callApi(api.chat.memories)),
    ...queryTimings.memories,
  });
}

/** GET /api/patterns (stale 5 min, refetched every 10 min). */
export function usePatterns() {
  return useQuery<Pattern[]>({
    queryKey: queryKeyOf(api.chat.patterns),
    queryFn: async () => asList(await callApi(api.chat.patterns)),
    ...queryTimings.patterns,
  });
}

export function usePatternInsights() {
  return useQuery<PatternInsight[]>({
    queryKey: queryKeyOf(api.chat.patternInsights),
    queryFn: async () => asList(await callApi(api.chat.patternInsights)),
    ...queryTimings.patternInsights,
  });
}

/** DELETE /api/memory/:id: the memory leaves the list at once; the list is refetched either way. */
export function useDeleteMemory({
  onSuccess,
  onError,
}: { onSuccess?: () => void; onError?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(api.chat.deleteMemory, { id }),
    onSuccess: (_r, id) => {
      queryClient.setQueryData<Memory[]>(memoriesKey, (list) => list?.filter((m) => m.id !== id));
      onSuccess?.();
    },
    onError: () => onError?.(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: memoriesKey }),
  });
}

/** DELETE /api/memories/cleanup-patterns: resolves with how many were removed; the list is refetched either way. */
export function useCleanupPatternMemories({
  onSuccess,
  onError,
}: { onSuccess?: (removed: number) => void; onError?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await callApi(api.chat.cleanupPatternMemories))?.deleted ?? 0,
    onSuccess: (removed) => onSuccess?.(removed),
    onError: () => onError?.(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: memoriesKey }),
  });
}
