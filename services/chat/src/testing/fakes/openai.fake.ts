import { type FakeReply, type LoopbackFake, type RecordedRequest, startLoopback } from '@jarvis/testing';

export interface OpenAiFake extends LoopbackFake {
  /** Only the chat-completions requests, with their parsed bodies. */
  completions(): { model: string; messages: { role: string; content: string }[]; tools?: { function: { name: string } }[]; response_format?: unknown }[];
}

function lastUser(body: any): string {
  const users = (body.messages as { role: string; content: string }[]).filter((m) => m.role === 'user');
  return users[users.length - 1]?.content ?? '';
}

function completion(body: any, message: Record<string, unknown>, finish = 'stop') {
  return {
    id: `chatcmpl-${Math.random().toString(36).slice(2)}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: body.model,
    choices: [{ index: 0, message: { role: 'assistant', refusal: null, ...message }, finish_reason: finish, logprobs: null }],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
}

function toolCall(name: string, args: unknown) {
  return { id: `call_${Math.random().toString(36).slice(2)}`, type: 'function', function: { name, arguments: typeof args === 'string' ? args : JSON.stringify(args) } };
}

/**
 * A loopback OpenAI chat-completions server for the real `openai` SDK. It answers by the last user message:
 * "remind ..." -> a create_reminder tool call; "rockets" -> an unknown tool plus a valid one; "broken args" -> tool
 * args that are not JSON; "server error" -> 500; a writing-style request -> a JSON profile; anything else -> text.
 * A request with `stream: true` gets the same answer in OpenAI's SSE chunks; "slow stream" -> 200 words, 100 ms apart.
 */
export async function startOpenAiFake(options: { apiKey?: string } = {}): Promise<OpenAiFake> {
  const fake = await startLoopback((req: RecordedRequest) => {
    const reply = answer(req, options);
    if (!req.body?.stream || (reply.status ?? 200) !== 200) return reply;
    const slow = /slow stream/i.test(lastUser(req.body));
    return { sse: { events: toChunks(reply.body as Completion, slow ? 200 : 0), delayMs: slow ? 100 : 0 } };
  });
  return {
    ...fake,
    completions: () => fake.requests.filter((r) => r.path === '/v1/chat/completions').map((r) => r.body),
  };
}

type Completion = ReturnType<typeof completion>;

/**
 * A completion as OpenAI streams it (`chat.completion.chunk`): the text in small pieces, each tool call opened with
 * its id and name and its arguments in two halves, then the finish reason. `padTo` repeats words for a long, slow
 * reply.
 */
function toChunks(full: Completion, padTo = 0) {
  const { message, finish_reason } = full.choices[0] as unknown as { message: { content: string | null; tool_calls?: ReturnType<typeof toolCall>[] }; finish_reason: string };
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({
    id: full.id, object: 'chat.completion.chunk', created: full.created, model: full.model,
    choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
  });
  let text = message.content ?? '';
  while (padTo && text.split(' ').length < padTo) text += ' more';
  const pieces = text.match(/.{1,4}/gs) ?? [];
  const calls = (message.tool_calls ?? []).flatMap((call, index) => {
    const half = Math.ceil(call.function.arguments.length / 2);
    return [
      chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } }] }),
      chunk({ tool_calls: [{ index, function: { arguments: call.function.arguments.slice(0, half) } }] }),
      chunk({ tool_calls: [{ index, function: { arguments: call.function.arguments.slice(half) } }] }),
    ];
  });
  return [chunk({ role: 'assistant', content: '' }), ...pieces.map((content) => chunk({ content })), ...calls, chunk({}, finish_reason)];
}

function answer(req: RecordedRequest, options: { apiKey?: string }): FakeReply {
  if (req.method !== 'POST' || req.path !== '/v1/chat/completions') return { status: 404, body: { error: { message: 'Not found' } } };
  if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
    return { status: 401, body: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } } };
  }
  const body = req.body;
  const text = lastUser(body);
  if (body.response_format?.type === 'json_object') {
    return { body: completion(body, { content: JSON.stringify({ voice_summary: 'Warm and direct, with short sentences.', tone_adjectives: ['warm', 'direct', 'upbeat'] }) }) };
  }
  if (/server error/i.test(text)) return { status: 500, body: { error: { message: 'boom', type: 'server_error' } } };
  if (/rockets/i.test(text)) {
    return {
      body: completion(body, { content: null, tool_calls: [toolCall('launch_rockets', { count: 3 }), toolCall('get_weather', { location: 'Houston' })] }, 'tool_calls'),
    };
  }
  if (/broken args/i.test(text)) return { body: completion(body, { content: 'Here you go.', tool_calls: [toolCall('get_weather', '{"location": ')] }, 'tool_calls') };
  if (/remind/i.test(text)) {
    return { body: completion(body, { content: null, tool_calls: [toolCall('create_reminder', { title: 'water the plants', when: 'tonight at 8pm' })] }, 'tool_calls') };
  }
  return { body: completion(body, { content: `Fake model reply to: ${text}` }) };
}
