import { useQuery } from '@tanstack/react-query';
import type { User } from '@jarvis/contracts';
import { queryKeys } from '../../api/query-keys';

/**
 * The signed-in user (GET /api/auth/user). A 401 yields null (visitor); never retried (doc1 §7).
 * `isAuthenticated` means the call returned data.
 */
export function useCurrentUser() {
  const query = useQuery<User | null>({ queryKey: queryKeys.currentUser, retry: false });
  const user = query.data ?? null;
  return { user, isLoading: query.isLoading, isAuthenticated: user !== null, refetch: query.refetch };
}
