import type { ResponseOf } from '@jarvis/contracts';
import type { Api } from './routes';

export type EventResult = ResponseOf<Api['chat']['searchEvents']>[number];
