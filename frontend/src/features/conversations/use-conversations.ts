import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Conversation } from '@jarvis/contracts';
import { asList, callApi, type InputOf, type OutputOf } from '../../api/client';
import { queryKeyOf } from '../../api/query-keys';
import { api } from '../../api/routes';

const conversationsKey = queryKeyOf(api.chat.conversations);

export function useConversations() {
  return useQuery<Conversation[]>({
    queryKey: conversationsKey,
    queryFn: async () => asList(await callApi(api.chat.conversations)),
  });
}

interface Callbacks<T> {
  onSuccess?: (result: T) => void;
  onError?: (error: unknown) => void;
}

/** DELETE /api/conversations/:id: the row leaves the list at once; the list is refetched either way. */
export function useDeleteConversation({ onSuccess, onError }: Callbacks<void> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(api.chat.deleteConversation, { id }),
    onSuccess: (_r, id) => {
      queryClient.setQueryData<Conversation[]>(conversationsKey, (list) => list?.filter((c) => c.id !== id));
      onSuccess?.();
    },
    onError: (error) => onError?.(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: conversationsKey }),
  });
}

type ShareResult = OutputOf<typeof api.chat.shareConversation>;

/** POST /api/conversations/:id/share {isPublic}: the list row takes the new state. */
export function useShareConversation(id: string, { onSuccess, onError }: Callbacks<ShareResult> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isPublic: boolean) => callApi(api.chat.shareConversation, { id, isPublic }),
    onSuccess: (result) => {
      queryClient.setQueryData<Conversation[]>(conversationsKey, (list) =>
        list?.map((c) => (c.id === id ? { ...c, ...result } : c)),
      );
      onSuccess?.(result);
    },
    onError: (error) => onError?.(error),
  });
}

/** POST /api/conversations: saves the chat's messages; the saved list refreshes in the background. */
export function useSaveConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InputOf<typeof api.chat.saveConversation>) =>
      callApi(api.chat.saveConversation, input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: conversationsKey }),
  });
}

/** POST /api/conversations/recover/claim/:id: resolves once the saved list has refreshed. */
export function useClaimConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(api.chat.recoverClaim, { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationsKey }),
  });
}

/** View opens the public page of the conversation: its share token, else its id (doc3 §2). */
export function viewPath(conversation: Pick<Conversation, 'id' | 'shareToken'>): string {
  return `/shared/${encodeURIComponent(conversation.shareToken ?? conversation.id)}`;
}

export function shareUrl(shareToken: string, origin = window.location.origin): string {
  return `${origin}/shared/${encodeURIComponent(shareToken)}`;
}
