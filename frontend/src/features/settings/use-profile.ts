import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@jarvis/contracts';
import { callApi } from '../../api/client';
import type { ProfileInput } from '../../api/profile';
import { queryKeyOf } from '../../api/query-keys';
import { api } from '../../api/routes';

/**
 * PUT /api/user/profile. The answered user replaces the cached one, so the side navigation's name follows at once;
 * the user is refetched either way. Sent once, as the user asked (no retry).
 */
export function useSaveProfile({
  onSuccess,
  onError,
}: { onSuccess?: (user: User) => void; onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => callApi(api.identity.updateProfile, input),
    retry: false,
    onSuccess: (user) => {
      if (user) queryClient.setQueryData<User | null>(queryKeyOf(api.identity.currentUser), user);
      onSuccess?.(user);
    },
    onError: (error) => onError?.(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeyOf(api.identity.currentUser) }),
  });
}
