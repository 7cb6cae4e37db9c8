import { type LoopbackFake, type RecordedRequest, startLoopback } from './loopback';

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
 */
export async function startOpenAiFake(options: { apiKey?: string } = {}): Promise<OpenAiFake> {
  const fake = await startLoopback((req: RecordedRequest) => {
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
  });
  return {
    ...fake,
    completions: () => fake.requests.filter((r) => r.path === '/v1/chat/completions').map((r) => r.body),
  };
}
