/**
 * A model that answers at once, for measuring our own time around it (the bench): an OpenAI-compatible server on
 * 127.0.0.1. A plain chat completion is answered at once; `stream: true` is answered in OpenAI's SSE wire format with
 * `tokens` chunks, `gapMs` apart; /v1/audio/transcriptions answers a transcript and /v1/audio/speech a few MP3 bytes,
 * at once. The services' tests use their own OpenAI fakes, which answer by what is asked.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ModelFake {
  url: string;
  /** OPENAI_BASE_URL for a service pointed at it. */
  baseURL: string;
  /** Its HTTP server (the Realtime fake answers WebSocket upgrades on it: `startRealtimeFake({ server })`). */
  server: Server;
  /** The model's own time to its first streamed token (p50, ms), `users` clients each streaming once every `everyMs`. */
  streamTtft(users: number, rounds: number, everyMs?: number): Promise<number>;
  close(): Promise<void>;
}

export async function startModelFake({ tokens = 50, gapMs = 2 }: { tokens?: number; gapMs?: number } = {}): Promise<ModelFake> {
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', async () => {
      if (req.url?.startsWith('/v1/audio/transcriptions')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ text: 'What is on my calendar today?' }));
        return;
      }
      if (req.url?.startsWith('/v1/audio/speech')) {
        res.writeHead(200, { 'content-type': 'audio/mpeg' });
        res.end(Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0xc4]), Buffer.alloc(413)]));
        return;
      }
      let body: { model?: string; stream?: boolean } = {};
      try {
        body = JSON.parse(raw);
      } catch {
        /* a probe without a body */
      }
      const model = body.model ?? 'bench-model';
      const created = Math.floor(Date.now() / 1000);
      if (!body.stream) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'chatcmpl-bench', object: 'chat.completion', created, model,
            choices: [{ index: 0, message: { role: 'assistant', content: 'Sure, happy to help.', refusal: null }, finish_reason: 'stop', logprobs: null }],
            usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
          }),
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
        `data: ${JSON.stringify({ id: 'chatcmpl-bench', object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }] })}\n\n`;
      let closed = false;
      res.on('close', () => (closed = true));
      res.write(chunk({ role: 'assistant', content: '' }));
      for (let i = 0; i < tokens && !closed; i++) {
        res.write(chunk({ content: `word${i} ` }));
        if (gapMs) await new Promise((r) => setTimeout(r, gapMs));
      }
      if (!closed) res.end(`${chunk({}, 'stop')}data: [DONE]\n\n`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function streamTtft(users: number, rounds: number, everyMs = 0) {
    const times: number[] = [];
    await Promise.all(
      Array.from({ length: users }, async (_, u) => {
        await new Promise((r) => setTimeout(r, everyMs ? (u * everyMs) / users : 0));
        for (let i = 0; i < rounds; i++) {
          const t0 = performance.now();
          const res = await fetch(`${url}/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"model":"m","stream":true,"messages":[]}' });
          const reader = res.body!.getReader();
          let first = NaN;
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            if (Number.isNaN(first) && new TextDecoder().decode(value).includes('word0')) first = performance.now() - t0;
          }
          times.push(first);
          if (everyMs) await new Promise((r) => setTimeout(r, Math.max(0, everyMs - (performance.now() - t0))));
        }
      }),
    );
    times.sort((a, b) => a - b);
    return Math.round(times[Math.floor(times.length / 2)] * 100) / 100;
  }

  return { url, baseURL: `${url}/v1`, server, streamTtft, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
