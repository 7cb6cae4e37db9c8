import { useCallback } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSmsDraft, sendSms } from '../../api/phone';
import { queryKeys } from '../../api/query-keys';

/**
 * Who the drafted text would go to (GET /api/sms/draft), read when the user presses Send: always fetched afresh,
 * once (no retry), and a 401 fails like any other error rather than answering null.
 */
export function useFetchSmsDraft() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      queryClient.fetchQuery({
        queryKey: queryKeys.smsDraft,
        queryFn: getSmsDraft,
        staleTime: 0,
        retry: false,
      }),
    [queryClient],
  );
}

/** POST /api/sms/send: sent once (no retry). An answer of `success: false` fails with the server's error. */
export function useSendSms() {
  return useMutation({
    mutationFn: async (message: string) => {
      const result = await sendSms(message);
      if (result && result.success === false) throw new Error(result.error ?? 'Failed to send message');
      return result;
    },
    retry: false,
  });
}
