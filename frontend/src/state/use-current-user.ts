import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ThemeColor, ThemeMode, User } from '@jarvis/contracts';
import { callApi, isApiError } from '../api/client';
import { queryKeyOf } from '../api/query-keys';
import { api } from '../api/routes';

const currentUserKey = queryKeyOf(api.identity.currentUser);

/**
 * The signed-in user (GET /api/auth/user). A 401 yields null (visitor); never retried (doc1 §7).
 * `isAuthenticated` means the call returned data. `offline`: the server could not be reached at all (the browser
 * is offline and the query waits for the network, or the request failed without an answer).
 */
export function useCurrentUser() {
  const query = useQuery<User | null>({ queryKey: currentUserKey, retry: false });
  const user = query.data ?? null;
  const unreachable = query.isError && !isApiError(query.error);
  const offline = user === null && (query.fetchStatus === 'paused' || unreachable);
  return {
    user,
    isLoading: query.isLoading,
    isAuthenticated: user !== null,
    offline,
    refetch: query.refetch,
  };
}

/*
 * The signed-in user's own writes. Each is sent once, as the user asked (no retry). They live here, beside the
 * query they update, rather than in use-auth-mutations.ts (the login page's): the app loads them at start, and a
 * hook file shared by the app and the login page would become a chunk of its own and split the API client out of
 * the entry (see the bundle budget in docs/frontend.md).
 */

/** POST /api/auth/theme: saves the theme mode or colour; the answered user goes into the cache. */
export function useSaveTheme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: { mode: ThemeMode } | { color: ThemeColor }) => callApi(api.identity.theme, choice),
    retry: false,
    onSuccess: (saved) => {
      if (saved) queryClient.setQueryData<User | null>(currentUserKey, saved);
    },
  });
}

/**
 * POST /api/auth/accept-terms: the answered user goes into the cache, then the user is fetched again. The mutation
 * stays pending until that refetch is done.
 */
export function useAcceptTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(api.identity.acceptTerms),
    retry: false,
    onSuccess: async (user) => {
      if (user) queryClient.setQueryData<User | null>(currentUserKey, user);
      await queryClient.invalidateQueries({ queryKey: currentUserKey });
    },
  });
}

/**
 * POST /api/logout. The component then loads / afresh (even when the call fails), which reads the user again; the
 * cached user is only marked stale, not refetched, so the app does not switch to the visitor's page first.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(api.identity.logout),
    retry: false,
    onSettled: () => queryClient.invalidateQueries({ queryKey: currentUserKey, refetchType: 'none' }),
  });
}
