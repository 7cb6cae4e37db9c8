import type { RequestInputOf, ResponseOf, Whisper } from '@jarvis/contracts';
import { api, type Api } from './routes';
import { apiRequest, readJson, statusOf } from './client';

export const WHISPERS_FETCH_ERROR = 'Failed to fetch whispers';

/** GET /api/whispers. Any failure reads 'Failed to fetch whispers' (doc1 §7). */
export async function fetchWhispers({ signal }: { signal?: AbortSignal } = {}): Promise<Whisper[]> {
  let res: Response;
  try {
    res = await apiRequest('GET', api.chat.whispers.path, undefined, { signal });
  } catch (error) {
    throw Object.assign(new Error(WHISPERS_FETCH_ERROR), { status: statusOf(error), cause: error });
  }
  const body = await readJson<unknown>(res);
  return Array.isArray(body) ? (body as Whisper[]) : [];
}

type Chat = Api['chat'];

export type SendChatRequest = RequestInputOf<Chat['send']>;
export type SendChatResponse = ResponseOf<Chat['send']>;

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
