import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallerSharing, ResponseOf } from '@jarvis/contracts';
import { callApi } from '../../api/client';
import { queryKeyOf } from '../../api/query-keys';
import { api, type Api } from '../../api/routes';

export type PhoneLine = ResponseOf<Api['telephony']['phoneLine']>;

const phoneLineKey = queryKeyOf(api.telephony.phoneLine);

/**
 * GET /api/phone-line: `{phoneNumber, sharing}` (`phoneNumber: null` without a line); null for a visitor (401).
 */
export function usePhoneLine() {
  return useQuery<PhoneLine | null>({ queryKey: phoneLineKey });
}

interface Callbacks<T> {
  onSuccess?: (result: T) => void;
  onError?: (error: unknown) => void;
}

/**
 * POST /api/phone-line: claims `phoneNumber` from the Twilio account, or buys a new number when none is given
 * (premium and enterprise). The card shows the answered number at once; the line is refetched either way.
 */
export function useClaimPhoneLine({ onSuccess, onError }: Callbacks<string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (phoneNumber?: string) =>
      callApi(api.telephony.claimPhoneLine, phoneNumber ? { phoneNumber } : {}),
    onSuccess: (line) => {
      queryClient.setQueryData<PhoneLine | null>(phoneLineKey, (current) =>
        current ? { ...current, phoneNumber: line.phoneNumber } : current,
      );
      onSuccess?.(line.phoneNumber);
    },
    onError: (error) => onError?.(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: phoneLineKey }),
  });
}

/** DELETE /api/phone-line: the card shows no line at once; the line is refetched either way. */
export function useReleasePhoneLine({ onSuccess, onError }: Callbacks<void> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(api.telephony.releasePhoneLine),
    onSuccess: () => {
      queryClient.setQueryData<PhoneLine | null>(phoneLineKey, (current) =>
        current ? { ...current, phoneNumber: null } : current,
      );
      onSuccess?.();
    },
    onError: (error) => onError?.(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: phoneLineKey }),
  });
}

/**
 * PUT /api/phone-line/sharing: the switch moves at once; if the server refuses, it moves back and `onError` says so.
 * The line is refetched either way.
 */
export function useUpdateCallerSharing({ onError }: Pick<Callbacks<void>, 'onError'> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Partial<CallerSharing>) => callApi(api.telephony.updateCallerSharing, change),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: phoneLineKey });
      const before = queryClient.getQueryData<PhoneLine | null>(phoneLineKey);
      if (before)
        queryClient.setQueryData<PhoneLine>(phoneLineKey, {
          ...before,
          sharing: { ...before.sharing, ...change },
        });
      return { before };
    },
    onSuccess: (sharing) =>
      queryClient.setQueryData<PhoneLine | null>(phoneLineKey, (current) =>
        current ? { ...current, sharing } : current,
      ),
    onError: (error, _change, context) => {
      if (context?.before) queryClient.setQueryData(phoneLineKey, context.before);
      onError?.(error);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: phoneLineKey }),
  });
}
