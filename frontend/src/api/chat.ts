import type {
  CareerId,
  ChatMessage,
  PersonalityId,
  RequestInputOf,
  ResponseOf,
  Whisper,
} from '@jarvis/contracts';
import { api, type Api } from './routes';
import { apiRequest, callApi, readJson } from './client';

export const WHISPERS_FETCH_ERROR = 'Failed to fetch whispers';

/** GET /api/whispers. Any failure reads 'Failed to fetch whispers' (doc1 §7). */
export async function fetchWhispers({ signal }: { signal?: AbortSignal } = {}): Promise<Whisper[]> {
  let res: Response;
  try {
    res = await apiRequest('GET', api.chat.whispers.path, undefined, { signal });
  } catch (error) {
    const status = (error as { status?: number }).status;
    throw Object.assign(new Error(WHISPERS_FETCH_ERROR), { status, cause: error });
  }
  const body = await readJson<unknown>(res);
  return Array.isArray(body) ? (body as Whisper[]) : [];
}

type Chat = Api['chat'];

export type SendChatRequest = RequestInputOf<Chat['send']>;
export type SendChatResponse = ResponseOf<Chat['send']>;

/** POST /api/chat: the message with the last 10 messages of history. */
export function sendChatMessage(body: SendChatRequest): Promise<SendChatResponse> {
  return callApi(api.chat.send, body);
}

/** GET /api/chat/messages: the stored conversation, oldest first. */
export async function fetchChatMessages(): Promise<ChatMessage[]> {
  const body = await callApi(api.chat.messages);
  return Array.isArray(body) ? body : [];
}

/** PUT /api/chat/messages/:id/actions/:index: how running an action of a stored reply ended. */
export async function saveActionOutcome(messageId: string, index: number, executed: boolean): Promise<void> {
  await callApi(api.chat.setActionOutcome, { id: messageId, index, executed });
}

/** POST /api/chat/feedback. */
export async function sendFeedback(messageId: string, feedbackType: 'like' | 'dislike'): Promise<void> {
  await callApi(api.chat.feedback, { messageId, feedbackType });
}

/** A personality or career choice as GET /api/personality and /api/career list them. */
export interface PersonaChoice {
  id: string;
  name: string;
  description: string;
  color?: string;
  icon?: string;
  previewResponse?: string;
  requiredTier?: 'free' | 'premium' | 'enterprise';
}

export interface PersonalityState {
  personalityId: PersonalityId;
  personalities: PersonaChoice[];
}
export interface CareerState {
  careerProfile: CareerId;
  careers: PersonaChoice[];
}

export function fetchPersonality(): Promise<PersonalityState> {
  return callApi(api.chat.getPersonality);
}

export function savePersonality(personalityId: PersonalityId): Promise<{ personalityId: PersonalityId }> {
  return callApi(api.chat.setPersonality, { personalityId });
}

export async function previewPersonality(personalityId: PersonalityId, message?: string): Promise<string> {
  const body = await callApi(api.chat.previewPersonality, { personalityId, ...(message ? { message } : {}) });
  return body?.response ?? '';
}

export function fetchCareer(): Promise<CareerState> {
  return callApi(api.chat.getCareer);
}

export function saveCareer(careerProfile: CareerId): Promise<{ careerProfile: CareerId }> {
  return callApi(api.chat.setCareer, { careerProfile });
}
