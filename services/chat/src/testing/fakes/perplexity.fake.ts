import { type LoopbackFake, startLoopback } from '@jarvis/testing';

/** Perplexity `POST /chat/completions`: checks the bearer key and answers with content and citations. */
export function startPerplexityFake(apiKey: string): Promise<LoopbackFake> {
  return startLoopback((req) => {
    if (req.method !== 'POST' || req.path !== '/chat/completions') return { status: 404, body: { error: 'not found' } };
    if (req.headers.authorization !== `Bearer ${apiKey}`) return { status: 401, body: { error: { message: 'Invalid API key' } } };
    const question = req.body.messages.at(-1).content;
    return {
      body: {
        id: 'px-1',
        model: req.body.model,
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: `Latest on ${question}: all good.` } }],
        citations: ['https://example.com/a', 'https://example.com/b'],
      },
    };
  });
}
