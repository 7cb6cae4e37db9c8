import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Memory, Pattern, PatternInsight } from '@jarvis/contracts';
import {
  cleanupPatternMemories,
  deleteMemory,
  fetchMemories,
  fetchPatternInsights,
  fetchPatterns,
} from '../../api/memory';
import { queryKeys } from '../../api/query-keys';
import { queryTimings } from '../../api/query-timings';

/** GET /api/memories (stale 30 s). */
export function useMemories() {
  return useQuery<Memory[]>({
    queryKey: queryKeys.memories,
    queryFn: fetchMemories,
    ...queryTimings.memories,
  });
}

/** GET /api/patterns (stale 5 min, refetched every 10 min). */
export function usePatterns() {
  return useQuery<Pattern[]>({
    queryKey: queryKeys.patterns,
    queryFn: fetchPatterns,
    ...queryTimings.patterns,
  });
}

export function usePatternInsights() {
  return useQuery<PatternInsight[]>({
    queryKey: queryKeys.patternInsights,
    queryFn: fetchPatternInsights,
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
    mutationFn: deleteMemory,
    onSuccess: (_r, id) => {
      queryClient.setQueryData<Memory[]>(queryKeys.memories, (list) => list?.filter((m) => m.id !== id));
      onSuccess?.();
    },
    onError: () => onError?.(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.memories }),
  });
}

/** DELETE /api/memories/cleanup-patterns: resolves with how many were removed; the list is refetched either way. */
export function useCleanupPatternMemories({
  onSuccess,
  onError,
}: { onSuccess?: (removed: number) => void; onError?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cleanupPatternMemories,
    onSuccess: (removed) => onSuccess?.(removed),
    onError: () => onError?.(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.memories }),
  });
}
