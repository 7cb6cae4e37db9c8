import {
  api,
  type CareerId,
  type ChatMessage,
  type PersonalityId,
  type RequestInputOf,
  type ResponseOf,
  type Whisper,
} from '@jarvis/contracts';
import { apiJson, apiRequest, readJson } from './client';

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

type Chat = typeof api.chat;

export type SendChatRequest = RequestInputOf<Chat['send']>;
export type SendChatResponse = ResponseOf<Chat['send']>;

/** POST /api/chat: the message with the last 10 messages of history. */
export function sendChatMessage(body: SendChatRequest): Promise<SendChatResponse> {
  return apiJson<SendChatResponse>('POST', api.chat.send.path, body);
}

/** GET /api/chat/messages: the stored conversation, oldest first. */
export async function fetchChatMessages(): Promise<ChatMessage[]> {
  const body = await apiJson<unknown>('GET', api.chat.messages.path);
  return Array.isArray(body) ? (body as ChatMessage[]) : [];
}

/** POST /api/chat/feedback. */
export async function sendFeedback(messageId: string, feedbackType: 'like' | 'dislike'): Promise<void> {
  await apiRequest('POST', api.chat.feedback.path, { messageId, feedbackType });
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
  return apiJson<PersonalityState>('GET', api.chat.getPersonality.path);
}

export function savePersonality(personalityId: PersonalityId): Promise<{ personalityId: PersonalityId }> {
  return apiJson('POST', api.chat.setPersonality.path, { personalityId });
}

export async function previewPersonality(personalityId: PersonalityId, message?: string): Promise<string> {
  const body = await apiJson<ResponseOf<Chat['previewPersonality']>>(
    'POST',
    api.chat.previewPersonality.path,
    {
      personalityId,
      ...(message ? { message } : {}),
    },
  );
  return body?.response ?? '';
}

export function fetchCareer(): Promise<CareerState> {
  return apiJson<CareerState>('GET', api.chat.getCareer.path);
}

export function saveCareer(careerProfile: CareerId): Promise<{ careerProfile: CareerId }> {
  return apiJson('POST', api.chat.setCareer.path, { careerProfile });
}
