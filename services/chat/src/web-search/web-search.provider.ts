export type SearchRecency = 'hour' | 'day' | 'week' | 'month' | 'year';

/** Web search with an answer and its sources; PerplexityAdapter is the implementation. */
export abstract class WebSearchProvider {
  abstract search(query: string, recency: SearchRecency): Promise<{ text: string; citations: string[] }>;
}
