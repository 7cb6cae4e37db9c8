import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PhoneMessage } from '@jarvis/contracts';
import { callApi } from '../../api/client';
import type { PhoneMessageChange } from '../../api/phone';
import { queryKeyOf } from '../../api/query-keys';
import { api } from '../../api/routes';

const phoneMessagesKey = queryKeyOf(api.telephony.phoneMessages);

/*
 * Beside use-phone-messages.ts rather than in it: that file is read by the navigation badge at start, and the write
 * belongs to the Phone Messages section's own chunk.
 */

interface Callbacks {
  onSuccess?: (change: PhoneMessageChange) => void;
  onError?: (error: unknown, change: PhoneMessageChange) => void;
}

type Variables = { id: string; change: PhoneMessageChange };

/**
 * PUT /api/phone-messages/:id with {status} or {notes}. The answer may be empty or not JSON, which counts as success
 * (doc2 §7): then it resolves with null.
 */
async function updatePhoneMessage({ id, change }: Variables): Promise<PhoneMessage | null> {
  const body: unknown = await callApi(api.telephony.updatePhoneMessage, { id, ...change });
  return body && typeof body === 'object' && 'id' in body ? (body as PhoneMessage) : null;
}

/**
 * PUT /api/phone-messages/:id with {status} or {notes}. The list shows the change at once (the status select
 * follows the click), takes the server's answer when it is a message, and is put back if the call fails; it is
 * refetched either way, which also moves the navigation badge.
 */
export function useUpdatePhoneMessage({ onSuccess, onError }: Callbacks = {}) {
  const queryClient = useQueryClient();
  const patch = (id: string, update: (m: PhoneMessage) => PhoneMessage) =>
    queryClient.setQueryData<PhoneMessage[] | null>(phoneMessagesKey, (list) =>
      list ? list.map((m) => (m.id === id ? update(m) : m)) : list,
    );

  return useMutation({
    mutationFn: updatePhoneMessage,
    onMutate: async ({ id, change }) => {
      await queryClient.cancelQueries({ queryKey: phoneMessagesKey });
      const previous = queryClient.getQueryData<PhoneMessage[] | null>(phoneMessagesKey);
      patch(id, (m) => ({ ...m, ...change }));
      return { previous };
    },
    onSuccess: (saved, { id, change }) => {
      if (saved) patch(id, () => saved);
      onSuccess?.(change);
    },
    onError: (error, { change }, context) => {
      if (context) queryClient.setQueryData(phoneMessagesKey, context.previous);
      onError?.(error, change);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: phoneMessagesKey }),
  });
}
