import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../api/client';
import { queryKeyOf } from '../../api/query-keys';
import { api } from '../../api/routes';

const smsDraftKey = queryKeyOf(api.telephony.smsDraft);
const readSmsDraft = () => callApi(api.telephony.smsDraft);

/**
 * Who the drafted text would go to (GET /api/sms/draft), read when the user presses Send: always fetched afresh,
 * once (no retry), and a 401 fails like any other error rather than answering null.
 */
export function useFetchSmsDraft() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      queryClient.fetchQuery({
        queryKey: smsDraftKey,
        queryFn: readSmsDraft,
        staleTime: 0,
        retry: false,
      }),
    [queryClient],
  );
}

/**
 * Who the drafted text would go to, read as soon as the card shows (so a draft without a valid recipient is
 * 'Recipient Not Found' before any press): fetched afresh for each card, once (no retry).
 */
export function useSmsDraft() {
  return useQuery({
    queryKey: smsDraftKey,
    queryFn: readSmsDraft,
    staleTime: 0,
    refetchOnMount: 'always',
    retry: false,
  });
}

/** POST /api/sms/send: sent once (no retry). An answer of `success: false` fails with the server's error. */
export function useSendSms() {
  return useMutation({
    mutationFn: async (message: string) => {
      const result = await callApi(api.telephony.smsSend, { message });
      if (result && result.success === false) throw new Error(result.error ?? 'Failed to send message');
      return result;
    },
    retry: false,
  });
}
