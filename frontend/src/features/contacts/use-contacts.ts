import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Contact } from '@jarvis/contracts';
import { createContact, deleteContact, updateContact, type ContactInput } from '../../api/contacts';
import { queryKeys } from '../../api/query-keys';

/** GET /api/contacts, by name. Null for a visitor (401). */
export function useContacts() {
  return useQuery<Contact[] | null>({ queryKey: queryKeys.contacts });
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
      id ? updateContact(id, input) : createContact(input),
    onSuccess: () => onSuccess?.(),
    onError: (error) => onError?.(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.contacts }),
  });
}

/** DELETE /api/contacts/:id: the card leaves the list at once; the list is refetched either way. */
export function useDeleteContact({ onSuccess, onError }: Callbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteContact(id),
    onSuccess: (_r, id) => {
      queryClient.setQueryData<Contact[] | null>(queryKeys.contacts, (list) =>
        list ? list.filter((c) => c.id !== id) : list,
      );
      onSuccess?.();
    },
    onError: (error) => onError?.(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.contacts }),
  });
}
