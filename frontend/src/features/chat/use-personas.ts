import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CareerId, PersonalityId } from '@jarvis/contracts';
import { callApi, isApiError, type OutputOf } from '../../api/client';
import { queryKeyOf } from '../../api/query-keys';
import { queryTimings } from '../../api/query-timings';
import { api } from '../../api/routes';

type PersonalityState = OutputOf<typeof api.chat.getPersonality>;
type CareerState = OutputOf<typeof api.chat.getCareer>;

const personalityKey = queryKeyOf(api.chat.getPersonality);
const careerKey = queryKeyOf(api.chat.getCareer);

/** GET /api/personality (stale 5 min). */
export function usePersonality() {
  return useQuery<PersonalityState>({
    queryKey: personalityKey,
    queryFn: () => callApi(api.chat.getPersonality),
    ...queryTimings.personality,
  });
}

/** GET /api/career (stale 5 min). */
export function useCareer() {
  return useQuery<CareerState>({
    queryKey: careerKey,
    queryFn: () => callApi(api.chat.getCareer),
    ...queryTimings.career,
  });
}

export function useSavePersonality() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (personalityId: PersonalityId) => callApi(api.chat.setPersonality, { personalityId }),
    onSuccess: ({ personalityId }) => {
      queryClient.setQueryData<PersonalityState>(personalityKey, (old) =>
        old ? { ...old, personalityId } : old,
      );
    },
  });
}

export function useSaveCareer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (careerProfile: CareerId) => callApi(api.chat.setCareer, { careerProfile }),
    onSuccess: ({ careerProfile }) => {
      queryClient.setQueryData<CareerState>(careerKey, (old) => (old ? { ...old, careerProfile } : old));
    },
  });
}

/**
 * POST /api/personality/preview: a sample reply in a personality, asked once (no retry). It changes nothing stored;
 * each call's promise (`mutateAsync`) answers for its own personality.
 */
export function usePreviewPersonality() {
  return useMutation({
    mutationFn: async (personalityId: PersonalityId) =>
      (await callApi(api.chat.previewPersonality, { personalityId }))?.response ?? '',
    retry: false,
  });
}

/** A 402/403 that says the plan must be upgraded. */
export function upgradeMessage(error: unknown): string | null {
  if (!isApiError(error) || !error.body?.requiresUpgrade) return null;
  return error.serverMessage ?? 'This choice needs a higher plan.';
}
