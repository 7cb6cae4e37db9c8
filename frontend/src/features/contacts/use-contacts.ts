import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Contact } from '@jarvis/contracts';
import { callApi } from '../../api/client';
import type { ContactInput } from '../../api/contacts';
import { queryKeyOf } from '../../api/query-keys';
import { api } from '../../api/routes';

const contactsKey = queryKeyOf(api.telephony.contacts);

/** GET /api/contacts, by name. Null for a visitor (401). */
export function useContacts() {
  return useQuery<Contact[] | null>({ queryKey: contactsKey });
}

interface Callbacks {
  onSuccess?: () => void;
  onError?: (error: unknown) => void;
}

/** POST /api/contacts, or PUT /api/contacts/:id with an id; the list is refetched either way. */
export function useSaveContact({ onSuccess, onError }: Callbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: ContactInput }) =>
      id
        ? callApi(api.telephony.updateContact, { id, ...input })
        : callApi(api.telephony.createContact, input),
    onSuccess: () => onSuccess?.(),
    onError: (error) => onError?.(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: contactsKey }),
  });
}

/** DELETE /api/contacts/:id: the card leaves the list at once; the list is refetched either way. */
export function useDeleteContact({ onSuccess, onError }: Callbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(api.telephony.deleteContact, { id }),
    onSuccess: (_r, id) => {
      queryClient.setQueryData<Contact[] | null>(contactsKey, (list) =>
        list ? list.filter((c) => c.id !== id) : list,
      );
      onSuccess?.();
    },
    onError: (error) => onError?.(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: contactsKey }),
  });
}
