import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SmsVerificationStatus, User } from '@jarvis/contracts';
import { callApi } from '../../api/client';
import { queryKeyOf } from '../../api/query-keys';
import { api } from '../../api/routes';

const smsVerificationKey = queryKeyOf(api.notifications.smsVerification);

/**
 * GET /api/notifications/sms/verification: whether the saved SMS number is verified and a code is waiting. Asked
 * only while a number is saved; fresh on every visit (the code is typed within minutes).
 */
export function useSmsVerification(savedNumber: string) {
  return useQuery<SmsVerificationStatus>({
    queryKey: smsVerificationKey,
    queryFn: ({ signal }) => callApi(api.notifications.smsVerification, {}, { signal }),
    enabled: savedNumber !== '',
    staleTime: 0,
  });
}

/** The answer of a verification call replaces the cached state. */
function useSetSmsVerification() {
  const queryClient = useQueryClient();
  return (status: SmsVerificationStatus) => queryClient.setQueryData(smsVerificationKey, status);
}

/** POST /api/notifications/sms/verify: a wrong code is a 400 whose message says the tries left. */
export function useVerifySms() {
  const setStatus = useSetSmsVerification();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => callApi(api.notifications.verifySms, { code }),
    retry: false,
    onSuccess: setStatus,
    onError: () => queryClient.invalidateQueries({ queryKey: smsVerificationKey }),
  });
}

/** POST /api/notifications/sms/resend: a new code to the saved number (429 with the wait when too soon). */
export function useResendSmsCode() {
  const setStatus = useSetSmsVerification();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(api.notifications.resendSmsCode),
    retry: false,
    onSuccess: setStatus,
    onError: () => queryClient.invalidateQueries({ queryKey: smsVerificationKey }),
  });
}

/** POST /api/auth/verify-email/resend: the verification link again. */
export function useResendVerificationEmail() {
  return useMutation({ mutationFn: () => callApi(api.identity.resendVerificationEmail), retry: false });
}

/** PUT /api/user/email: the answered user (its new address unverified) goes into the cache. */
export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => callApi(api.identity.changeEmail, { email }),
    retry: false,
    onSuccess: (user) => {
      if (user) queryClient.setQueryData<User | null>(queryKeyOf(api.identity.currentUser), user);
    },
  });
}
