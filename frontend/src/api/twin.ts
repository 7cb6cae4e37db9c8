import { api, type ResponseOf } from '@jarvis/contracts';
import { apiJson } from './client';

export type TwinState = ResponseOf<typeof api.chat.twin>;
export type TwinProfile = NonNullable<TwinState['profile']>;

/** GET /api/twin. */
export function fetchTwin(): Promise<TwinState> {
  return apiJson<TwinState>('GET', api.chat.twin.path);
}

/** POST /api/twin/train {samples, facts, boundaries}. */
export function trainTwin(input: { samples: string[]; facts: string; boundaries: string }) {
  return apiJson<ResponseOf<typeof api.chat.trainTwin>>('POST', api.chat.trainTwin.path, input);
}
