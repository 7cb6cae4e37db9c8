import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@jarvis/contracts';
import { callApi } from '../../api/client';
import type { ChangePasswordInput } from '../../api/profile';
import { queryKeyOf } from '../../api/query-keys';
import { api } from '../../api/routes';

/**
 * POST /api/auth/password. The answered user replaces the cached one (hasPassword turns true, so the form asks for
 * the current password from then on). Sent once, as the user asked (no retry).
 */
export function useChangePassword({
  onSuccess,
  onError,
}: { onSuccess?: (user: User) => void; onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => callApi(api.identity.changePassword, input),
    retry: false,
    onSuccess: (user) => {
      if (user) queryClient.setQueryData<User | null>(queryKeyOf(api.identity.currentUser), user);
      onSuccess?.(user);
    },
    onError: (error) => onError?.(error),
  });
}
