import type { RequestInputOf, ResponseOf } from '@jarvis/contracts';
import { api, type Api } from './routes';
import { callApi } from './client';

export type WebSearchResult = ResponseOf<Api['chat']['webSearch']>;
export type SearchRecency = NonNullable<RequestInputOf<Api['chat']['webSearch']>['searchRecency']>;

/** POST /api/perplexity/search {query, searchRecency}: a web answer with citations. */
export function searchWeb(query: string, searchRecency: SearchRecency): Promise<WebSearchResult> {
  return callApi(api.chat.webSearch, { query, searchRecency });
}
