import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@jarvis/contracts';
import { claimPhoneLine, releasePhoneLine } from '../../api/phone';
import { queryKeys } from '../../api/query-keys';
import type { Api } from '../../api/routes';

export type PhoneLine = ResponseOf<Api['telephony']['phoneLine']>;

/** GET /api/phone-line: `{phoneNumber}`, `{phoneNumber: null}` without a line; null for a visitor (401). */
export function usePhoneLine() {
  return useQuery<PhoneLine | null>({ queryKey: queryKeys.phoneLine });
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
    mutationFn: (phoneNumber?: string) => claimPhoneLine(phoneNumber),
    onSuccess: (line) => {
      queryClient.setQueryData<PhoneLine>(queryKeys.phoneLine, { phoneNumber: line.phoneNumber });
      onSuccess?.(line.phoneNumber);
    },
    onError: (error) => onError?.(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.phoneLine }),
  });
}

/** DELETE /api/phone-line: the card shows no line at once; the line is refetched either way. */
export function useReleasePhoneLine({ onSuccess, onError }: Callbacks<void> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => releasePhoneLine(),
    onSuccess: () => {
      queryClient.setQueryData<PhoneLine>(queryKeys.phoneLine, { phoneNumber: null });
      onSuccess?.();
    },
    onError: (error) => onError?.(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.phoneLine }),
  });
}
