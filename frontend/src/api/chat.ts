import { api, type Whisper } from '@jarvis/contracts';
import { apiRequest, readJson } from './client';

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
