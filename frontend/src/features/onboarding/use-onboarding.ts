import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@jarvis/contracts';
import { callApi } from '../../api/client';
import { queryKeyOf } from '../../api/query-keys';
import { api } from '../../api/routes';
import { needsTermsAcceptance } from '../auth/terms';

/**
 * Whether the tour shows: after the terms are handled, while onboarding is not completed, or after a restart.
 * Completing or skipping calls the endpoint, refreshes the user and closes the tour even when the call fails.
 */
export function useOnboarding(user: User | null) {
  const queryClient = useQueryClient();
  const [closed, setClosed] = useState(false);
  const [restarted, setRestarted] = useState(false);
  const [restartCount, setRestartCount] = useState(0);

  const termsPending = needsTermsAcceptance(user);
  const open = Boolean(user) && !termsPending && (restarted || (!closed && !user?.onboardingCompleted));

  const finish = useCallback(async () => {
    setClosed(true);
    setRestarted(false);
    try {
      await callApi(api.identity.completeOnboarding);
    } catch (error) {
      console.error('Completing onboarding failed', error);
    }
    await queryClient.invalidateQueries({ queryKey: queryKeyOf(api.identity.currentUser) });
  }, [queryClient]);

  const restart = useCallback(async () => {
    setRestarted(true);
    setClosed(false);
    setRestartCount((n) => n + 1);
    try {
      const updated = await callApi(api.identity.resetOnboarding);
      if (updated) queryClient.setQueryData<User | null>(queryKeyOf(api.identity.currentUser), updated);
    } catch (error) {
      console.error('Resetting onboarding failed', error);
    }
    await queryClient.invalidateQueries({ queryKey: queryKeyOf(api.identity.currentUser) });
  }, [queryClient]);

  /** Changes on each restart so the tour starts again at step 1. */
  return { open, finish, restart, runId: restartCount };
}
