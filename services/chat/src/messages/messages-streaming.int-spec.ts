import { api } from '@jarvis/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenAiFake, startOpenAiFake } from '../testing/fakes/openai.fake';
import { type ChatHarness, startChat } from '../testing/chat-harness';
import type { TestUser } from '@jarvis/testing';

let h: ChatHarness;
let model: OpenAiFake;

beforeAll(async () => {
  model = await startOpenAiFake({ apiKey: 'sk-test' });
  h = await startChat('chat-stream', { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: `${model.url}/v1` });
});
afterAll(async () => {
  await h?.close();
  await model?.close();
});

/** Sends as the gateway does for `Accept: text/event-stream`, collecting the tokens. */
async function streamed(user: TestUser, message: string, signal?: AbortSignal, onChunk?: (text: string) => void) {
  const tokens: string[] = [];
  const reply = await h.rpc.stream(api.chat.send, api.chat.send.request.parse({ message, history: [] }), h.ctx(user), {
    signal,
    onChunk: (text) => {
      tokens.push(text);
      onChunk?.(text);
    },
  });
  return { reply, tokens };
}

const until = async (check: () => boolean, ms = 3_000) => {
  for (const started = Date.now(); !check(); await new Promise((r) => setTimeout(r, 20))) {
    if (Date.now() - started > ms) throw new Error('condition not met in time');
  }
};

describe('streamed chat replies (openai SDK streaming against the loopback fake)', () => {
  it('streams the model text in order, asks the model to stream, and ends with the usual reply', async () => {
    const alice = h.newUser();
    const { reply, tokens } = await streamed(alice, 'Tell me something nice');
    expect(tokens.length).toBeGreaterThan(3);
    expect(tokens.join('')).toBe('Fake model reply to: Tell me something nice');
    expect(Object.keys(reply).sort()).toEqual(['actions', 'assistantMessageId', 'reply', 'userMessageId']);
    expect(reply).toMatchObject({ reply: tokens.join(''), actions: [] });
    expect(model.completions().at(-1)).toMatchObject({ stream: true });
  });

  it('stores the same messages as a reply that is not streamed', async () => {
    const alice = h.newUser();
    const { reply } = await streamed(alice, 'remind me about the plants');
    expect(reply.actions).toEqual([{ type: 'create_reminder', args: { title: 'water the plants', when: 'tonight at 8pm' } }]);
    const stored = await h.call(api.chat.messages, {}, alice);
    expect(stored.map((m) => [m.id, m.role, m.content, m.actions])).toEqual([
      [reply.userMessageId, 'user', 'remind me about the plants', undefined],
      [reply.assistantMessageId, 'assistant', reply.reply, reply.actions],
    ]);
    const plain = await h.call(api.chat.send, { message: 'remind me about the plants', history: [] }, alice);
    expect({ reply: plain.reply, actions: plain.actions }).toEqual({ reply: reply.reply, actions: reply.actions });
  });

  it('puts together tool calls streamed in pieces and streams the description when the model wrote no text', async () => {
    const { reply, tokens } = await streamed(h.newUser(), 'launch the rockets');
    expect(reply.actions).toEqual([{ type: 'get_weather', args: { location: 'Houston' } }]);
    expect(tokens.join('')).toBe(reply.reply);
    expect(reply.reply.length).toBeGreaterThan(0);
  });

  it('stops the upstream model request when the caller cancels', async () => {
    const controller = new AbortController();
    let received = 0;
    const call = streamed(h.newUser(), 'a slow stream please', controller.signal, () => {
      if (++received === 3) controller.abort(new Error('browser closed the tab'));
    });
    await expect(call).rejects.toThrow('browser closed the tab');
    const upstream = model.requests.at(-1)!;
    await until(() => upstream.disconnected === true);
  });

  it('translates a model failure as the plain call does', async () => {
    const error = await streamed(h.newUser(), 'server error now').catch((e) => e);
    expect(error).toMatchObject({ kind: 'PROVIDER_UNAVAILABLE' });
  });
});
