import {
  api,
  buildPath,
  type Conversation,
  type RecoverableConversation,
  type SharedConversation,
} from '@jarvis/contracts';
import { apiJson, apiRequest } from './client';

/** POST /api/conversations {title, description, messageIds}. */
export function saveConversation(input: {
  title: string;
  description?: string;
  messageIds: string[];
}): Promise<Conversation> {
  return apiJson<Conversation>('POST', api.chat.saveConversation.path, input);
}

export async function fetchConversations(): Promise<Conversation[]> {
  const body = await apiJson<unknown>('GET', api.chat.conversations.path);
  return Array.isArray(body) ? (body as Conversation[]) : [];
}

export async function deleteConversation(id: string): Promise<void> {
  await apiRequest('DELETE', buildPath(api.chat.deleteConversation.path, { id }));
}

/** POST /api/conversations/{id}/share {isPublic}: answers isPublic and the share token. */
export function shareConversation(id: string, isPublic: boolean) {
  return apiJson<{ isPublic: boolean; shareToken: string | null }>(
    'POST',
    buildPath(api.chat.shareConversation.path, { id }),
    { isPublic },
  );
}

export async function searchRecoverable(title: string): Promise<RecoverableConversation[]> {
  const url = `${api.chat.recoverSearch.path}?${new URLSearchParams({ title })}`;
  const body = await apiJson<unknown>('GET', url);
  return Array.isArray(body) ? (body as RecoverableConversation[]) : [];
}

/** POST /api/conversations/recover/claim/{id} with an empty body. */
export function claimConversation(id: string): Promise<Conversation> {
  return apiJson<Conversation>('POST', buildPath(api.chat.recoverClaim.path, { id }), {});
}

/** GET /api/shared/{shareToken}: public. */
export function fetchSharedConversation(shareToken: string): Promise<SharedConversation> {
  return apiJson<SharedConversation>('GET', buildPath(api.chat.shared.path, { shareToken }));
}
