import type { RequestInputOf, ResponseOf } from '@jarvis/contracts';
import type { Api } from './routes';

export type TwinState = ResponseOf<Api['chat']['twin']>;
/** What POST /api/twin/train takes: {samples, facts, boundaries}. */
export type TwinTraining = RequestInputOf<Api['chat']['trainTwin']>;
