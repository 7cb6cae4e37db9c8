import { api } from '@jarvis/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatHarness, send, startChat } from '../testing/chat-harness';

let h: ChatHarness;

beforeAll(async () => {
  h = await startChat('chat-offline');
});
afterAll(() => h?.close());

describe('chat without a model (offline mode)', () => {
  it('offers create_reminder with title and time, and stores both messages with the action', async () => {
    const alice = h.newUser();
    const res = await send(h, alice, 'remind me to call mom tomorrow at 5pm');
    expect(res.actions).toEqual([{ type: 'create_reminder', args: { title: 'call mom', when: 'tomorrow at 5pm' } }]);
    expect(res.reply).toContain('call mom');
    const messages = await h.call(api.chat.messages, {}, alice);
    expect(messages.map((m) => [m.id, m.role, m.content])).toEqual([
      [res.userMessageId, 'user', 'remind me to call mom tomorrow at 5pm'],
      [res.assistantMessageId, 'assistant', res.reply],
    ]);
    expect(messages[1].actions).toEqual(res.actions);
    expect(messages[0].actions).toBeUndefined();
  });

  it.each([
    ["what's the weather in Paris?", { type: 'get_weather', args: { location: 'Paris' } }],
    ['forecast for London for the next 3 days', { type: 'get_forecast', args: { location: 'London', days: 3 } }],
    ['find jazz concerts in Chicago', { type: 'search_events', args: { keyword: 'jazz', location: 'Chicago' } }],
    ['search the web for electric bikes', { type: 'search_web', args: { query: 'electric bikes', searchRecency: 'day' } }],
    ["text John saying I'm running late", { type: 'draft_text_message', args: { message: "I'm running late", context: 'Text to John' } }],
  ])('recognises %j', async (message, action) => {
    const res = await send(h, h.newUser(), message);
    expect(res.actions).toEqual([action]);
  });

  it('streams its reply word by word when asked, with the same final reply', async () => {
    const alice = h.newUser();
    const tokens: string[] = [];
    const input = api.chat.send.request.parse({ message: 'remind me to call mom tomorrow at 5pm', history: [] });
    const res = await h.rpc.stream(api.chat.send, input, h.ctx(alice), { onChunk: (text) => tokens.push(text) });
    expect(tokens.length).toBeGreaterThan(1);
    expect(tokens.join('')).toBe(res.reply);
    expect(res.actions).toEqual([{ type: 'create_reminder', args: { title: 'call mom', when: 'tomorrow at 5pm' } }]);
    const stored = await h.call(api.chat.messages, {}, alice);
    expect(stored.map((m) => m.content)).toEqual(['remind me to call mom tomorrow at 5pm', res.reply]);
  });

  it('recognises a draft email', async () => {
    const res = await send(h, h.newUser(), 'draft an email to Dana about the offsite saying we moved it to May');
    expect(res.actions[0].type).toBe('draft_email');
    expect(res.actions[0].args).toMatchObject({ subject: 'The offsite' });
  });

  it('answers open conversation by naming the variables to set', async () => {
    const res = await send(h, h.newUser(), 'what do you think about the meaning of life?');
    expect(res.actions).toEqual([]);
    expect(res.reply).toMatch(/set OPENAI_API_KEY \(or OPENAI_BASE_URL/);
  });

  it('uses the city the user said they live in for weather without a place', async () => {
    const bob = h.newUser();
    const first = await send(h, bob, 'I live in Denver');
    expect(first.reply).toContain('Lives in Denver');
    const res = await send(h, bob, 'is it going to rain?');
    expect(res.actions).toEqual([{ type: 'get_weather', args: { location: 'Denver' } }]);
  });

  it('rejects an empty message with a 4xx and its text', async () => {
    const error = await h.fail(api.chat.send, { message: '   ' }, h.newUser()).catch((e) => e);
    expect(error).toMatchObject({ issues: [expect.objectContaining({ message: 'Message cannot be empty' })] });
  });
});

describe('chat messages and feedback', () => {
  it("lists only the caller's messages", async () => {
    const alice = h.newUser();
    const bob = h.newUser();
    await send(h, alice, 'hello there');
    expect(await h.call(api.chat.messages, {}, bob)).toEqual([]);
    expect(await h.call(api.chat.messages, {}, alice)).toHaveLength(2);
  });

  it('stores one feedback per reply, the last one winning', async () => {
    const alice = h.newUser();
    const res = await send(h, alice, 'hello');
    expect(await h.call(api.chat.feedback, { messageId: res.assistantMessageId, feedbackType: 'like' }, alice)).toEqual({ success: true });
    await h.call(api.chat.feedback, { messageId: res.assistantMessageId, feedbackType: 'dislike' }, alice);
    const rows = await h.dataSource.query(`SELECT feedback_type FROM chat.message_feedback WHERE message_id = $1`, [res.assistantMessageId]);
    expect(rows).toEqual([{ feedback_type: 'dislike' }]);
  });

  it("answers 404 for feedback on another user's message or an unknown id, 400 for a malformed id", async () => {
    const alice = h.newUser();
    const res = await send(h, alice, 'hello');
    const bob = h.newUser();
    expect((await h.fail(api.chat.feedback, { messageId: res.assistantMessageId, feedbackType: 'like' }, bob)).kind).toBe('NOT_FOUND');
    expect((await h.fail(api.chat.feedback, { messageId: crypto.randomUUID(), feedbackType: 'like' }, alice)).kind).toBe('NOT_FOUND');
    // A malformed id in the body is refused by the contract before anything is read, as at the gateway.
    expect((await h.failUnchecked(api.chat.feedback, { messageId: 'not-a-uuid', feedbackType: 'like' }, alice)).kind).toBe('VALIDATION');
  });

  it('refuses feedback on the user\'s own message with a 400 and a message', async () => {
    const alice = h.newUser();
    const res = await send(h, alice, 'hello');
    const error = await h.fail(api.chat.feedback, { messageId: res.userMessageId, feedbackType: 'like' }, alice);
    expect(error).toMatchObject({ kind: 'VALIDATION', message: 'Feedback can only be given on assistant replies.' });
  });
});
