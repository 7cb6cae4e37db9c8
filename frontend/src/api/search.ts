import type { RequestInputOf } from '@jarvis/contracts';
import type { Api } from './routes';

export type SearchRecency = NonNullable<RequestInputOf<Api['chat']['webSearch']>['searchRecency']>;
