import { Inject, Injectable } from '@nestjs/common';
import { RateLimitedError } from '@jarvis/contracts';
import { providerFetch, type ProviderInfo, providerUrl, requireCredential, unexpectedStatus } from '@jarvis/platform';
import { CHAT_CONFIG, type ChatConfig } from '../config/chat.config';
import { type SearchRecency, WebSearchProvider } from './web-search.provider';

interface PerplexityResponse {
  choices?: { message?: { content?: string } }[];
  citations?: unknown[];
  search_results?: { url?: string }[];
}

const PROVIDER: ProviderInfo = { name: 'Perplexity', variables: ['PERPLEXITY_API_KEY'] };

/** Perplexity's chat completions API (`POST /chat/completions`) with `search_recency_filter`. */
@Injectable()
export class PerplexityAdapter extends WebSearchProvider {
  constructor(@Inject(CHAT_CONFIG) private readonly config: ChatConfig) {
    super();
  }

  async search(query: string, recency: SearchRecency) {
    const key = requireCredential(PROVIDER, this.config.PERPLEXITY_API_KEY);
    const result = await providerFetch<PerplexityResponse>(
      PROVIDER,
      providerUrl(this.config.PERPLEXITY_BASE_URL, '/chat/completions'),
      {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({
          model: this.config.PERPLEXITY_MODEL,
          messages: [
            { role: 'system', content: 'Answer concisely with the most relevant, current facts.' },
            { role: 'user', content: query },
          ],
          search_recency_filter: recency,
        }),
      },
      25_000,
    );
    if (result.status === 429) throw new RateLimitedError('Web search is busy. Please try again in a minute.', 60);
    if (result.status !== 200) throw unexpectedStatus(PROVIDER, result);
    const body = result.body;
    const text: string = body?.choices?.[0]?.message?.content ?? '';
    // Newer responses carry search_results; citations (plain URLs) remain for compatibility.
    const citations: string[] = Array.isArray(body?.citations)
      ? body.citations.filter((c): c is string => typeof c === 'string')
      : Array.isArray(body?.search_results)
        ? body.search_results.map((r) => r.url).filter((u): u is string => Boolean(u))
        : [];
    return { text, citations };
  }
}
