import type { RequestInputOf, ResponseOf } from '@jarvis/contracts';
import { api, type Api } from './routes';
import { callApi } from './client';

export type TwinState = ResponseOf<Api['chat']['twin']>;
export type TwinProfile = NonNullable<TwinState['profile']>;
export type TwinTraining = RequestInputOf<Api['chat']['trainTwin']>;

/** GET /api/twin. */
export function fetchTwin(): Promise<TwinState> {
  return callApi(api.chat.twin);
}

/** POST /api/twin/train {samples, facts, boundaries}. */
export function trainTwin(input: TwinTraining) {
  return callApi(api.chat.trainTwin, input);
}
