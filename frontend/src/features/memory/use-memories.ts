import { useQuery } from '@tanstack/react-query';
import type { Memory, Pattern, PatternInsight } from '@jarvis/contracts';
import { fetchMemories, fetchPatternInsights, fetchPatterns } from '../../api/memory';
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
