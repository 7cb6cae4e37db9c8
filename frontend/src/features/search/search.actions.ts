import { callApi } from '../../api/client';
import { api } from '../../api/routes';
import type { SearchRecency } from '../../api/search';
import {
  capText,
  SEARCH_GENERIC_TOAST_MS,
  SEARCH_TOAST_CHARS,
  SEARCH_TOAST_MS,
} from '../../state/inline-card';
import { defineActions, orFailed, str } from '../chat-kit/action-kit';

export const DEFAULT_SEARCH_RECENCY: SearchRecency = 'day';

export const actions = defineActions({
  search_web: (args) =>
    orFailed('Search Error', async () => {
      const query = str(args.query);
      // The server refuses a recency it does not know, with the text the toast shows.
      const recency = (str(args.searchRecency) || DEFAULT_SEARCH_RECENCY) as SearchRecency;
      const result = await callApi(api.chat.webSearch, { query, searchRecency: recency });
      const text = result?.text ?? '';
      return {
        ok: true,
        // doc1 §9: a result's toast shows 150 characters for 8 s; the generic one (no text came back) lasts 5 s.
        toast: text.trim()
          ? {
              title: 'Search Results',
              description: capText(text, SEARCH_TOAST_CHARS),
              durationMs: SEARCH_TOAST_MS,
            }
          : {
              title: 'Web Search Complete',
              description: query
                ? `Nothing to summarise for "${capText(query, 60)}".`
                : 'Nothing to summarise.',
              durationMs: SEARCH_GENERIC_TOAST_MS,
            },
        card: { kind: 'web_search', query, text, citations: result?.citations ?? [] },
      };
    }),
});
