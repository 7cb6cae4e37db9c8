import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callApi, type InputOf } from '../../api/client';
import { queryKeyOf } from '../../api/query-keys';
import { api } from '../../api/routes';

/*
 * Signing in and signing up, for the login page. Each is sent once, as the user pressed it (no retry). A success is
 * followed by a full page load in the component (`browser.assign('/')`), which reads the user afresh: the cached
 * user is only marked stale, not refetched, so the page does not change screens before it reloads.
 * The signed-in user's own writes (theme, terms, logout) are in use-current-user.ts.
 */

function markUserStale(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    queryKey: queryKeyOf(api.identity.currentUser),
    refetchType: 'none',
  });
}

/** POST /api/login. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InputOf<typeof api.identity.login>) => callApi(api.identity.login, input),
    retry: false,
    onSuccess: () => markUserStale(queryClient),
  });
}

/** POST /api/register. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InputOf<typeof api.identity.register>) => callApi(api.identity.register, input),
    retry: false,
    onSuccess: () => markUserStale(queryClient),
  });
}

/** POST /api/auth/username: Quick Access, sign-in by username only. */
export function useQuickAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (username: string) => callApi(api.identity.quickAccess, { username }),
    retry: false,
    onSuccess: () => markUserStale(queryClient),
  });
}
