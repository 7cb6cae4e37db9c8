import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@jarvis/contracts';
import { changePassword, type ChangePasswordInput } from '../../api/profile';
import { queryKeys } from '../../api/query-keys';

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
    mutationFn: (input: ChangePasswordInput) => changePassword(input),
    retry: false,
    onSuccess: (user) => {
      if (user) queryClient.setQueryData<User | null>(queryKeys.currentUser, user);
      onSuccess?.(user);
    },
    onError: (error) => onError?.(error),
  });
}
