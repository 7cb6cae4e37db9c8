import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CareerId, PersonalityId } from '@jarvis/contracts';
import {
  fetchCareer,
  fetchPersonality,
  previewPersonality,
  saveCareer,
  savePersonality,
  type CareerState,
  type PersonalityState,
} from '../../api/chat';
import { queryKeys } from '../../api/query-keys';
import { queryTimings } from '../../api/query-timings';

/** GET /api/personality (stale 5 min). */
export function usePersonality() {
  return useQuery<PersonalityState>({
    queryKey: queryKeys.personality,
    queryFn: fetchPersonality,
    ...queryTimings.personality,
  });
}

/** GET /api/career (stale 5 min). */
export function useCareer() {
  return useQuery<CareerState>({ queryKey: queryKeys.career, queryFn: fetchCareer, ...queryTimings.career });
}

export function useSavePersonality() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: PersonalityId) => savePersonality(id),
    onSuccess: ({ personalityId }) => {
      queryClient.setQueryData<PersonalityState>(queryKeys.personality, (old) =>
        old ? { ...old, personalityId } : old,
      );
    },
  });
}

export function useSaveCareer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: CareerId) => saveCareer(id),
    onSuccess: ({ careerProfile }) => {
      queryClient.setQueryData<CareerState>(queryKeys.career, (old) =>
        old ? { ...old, careerProfile } : old,
      );
    },
  });
}

/**
 * POST /api/personality/preview: a sample reply in a personality, asked once (no retry). It changes nothing stored;
 * each call's promise (`mutateAsync`) answers for its own personality.
 */
export function usePreviewPersonality() {
  return useMutation({
    mutationFn: (personalityId: PersonalityId) => previewPersonality(personalityId),
    retry: false,
  });
}

/** A 402/403 that says the plan must be upgraded. */
export function upgradeMessage(error: unknown): string | null {
  const body = (error as { body?: { requiresUpgrade?: unknown; error?: unknown } } | null)?.body;
  if (!body?.requiresUpgrade) return null;
  return typeof body.error === 'string' ? body.error : 'This choice needs a higher plan.';
}
