import { useQuery } from '@tanstack/react-query';
import type { Conversation } from '@jarvis/contracts';
import { fetchConversations } from '../../api/conversations';
import { queryKeys } from '../../api/query-keys';

export function useConversations() {
  return useQuery<Conversation[]>({ queryKey: queryKeys.conversations, queryFn: fetchConversations });
}

/** View opens the public page of the conversation: its share token, else its id (doc3 §2). */
export function viewPath(conversation: Pick<Conversation, 'id' | 'shareToken'>): string {
  return `/shared/${encodeURIComponent(conversation.shareToken ?? conversation.id)}`;
}

export function shareUrl(shareToken: string, origin = window.location.origin): string {
  return `${origin}/shared/${encodeURIComponent(shareToken)}`;
}
