import type {
  Conversation,
  RecoverableConversation,
  RequestInputOf,
  SharedConversation,
} from '@jarvis/contracts';
import { api, type Api } from './routes';
import { callApi } from './client';

export type NewConversation = RequestInputOf<Api['chat']['saveConversation']>;

/** POST /api/conversations {title, description, messageIds}. */
export function saveConversation(input: NewConversation): Promise<Conversation> {
  return callApi(api.chat.saveConversation, input);
}

export async function fetchConversations(): Promise<Conversation[]> {
  const body = await callApi(api.chat.conversations);
  return Array.isArray(body) ? body : [];
}

export async function deleteConversation(id: string): Promise<void> {
  await callApi(api.chat.deleteConversation, { id });
}

/** POST /api/conversations/:id/share {isPublic}: answers isPublic and the share token. */
export function shareConversation(id: string, isPublic: boolean) {
  return callApi(api.chat.shareConversation, { id, isPublic });
}

export async function searchRecoverable(title: string): Promise<RecoverableConversation[]> {
  const body = await callApi(api.chat.recoverSearch, { title });
  return Array.isArray(body) ? body : [];
}

/** POST /api/conversations/recover/claim/:id. */
export function claimConversation(id: string): Promise<Conversation> {
  return callApi(api.chat.recoverClaim, { id });
}

/** GET /api/shared/:shareToken: public. */
export function fetchSharedConversation(shareToken: string): Promise<SharedConversation> {
  return callApi(api.chat.shared, { shareToken });
}
