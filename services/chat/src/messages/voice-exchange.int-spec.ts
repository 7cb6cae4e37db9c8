import { api, ErrorKind, internalApi } from '@jarvis/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatHarness, send, startChat } from '../testing/chat-harness';

let h: ChatHarness;

beforeAll(async () => {
  h = await startChat('chat-voice-exchange');
});
afterAll(() => h?.close());

describe("a live voice session's instructions", () => {
  it("carry the caller's personality, memories and recent chat, worded for speech, and nothing of anyone else's", async () => {
    const alice = h.newUser();
    const bob = h.newUser();
    await h.call(api.chat.setPersonality, { personalityId: 'witty_sarcastic' }, alice);
    await send(h, alice, 'My name is Alice.');
    await send(h, bob, 'My name is Bob and I live in Boston.');
    const { instructions } = await h.call(internalApi.chat.liveVoiceInstructions, {}, alice);
    expect(instructions).toContain('You are Jarvis, a witty assistant');
    expect(instructions).toContain("User's name is Alice");
    expect(instructions).toContain('live voice conversation');
    // No tool guidance: the app's buttons never show in a voice session.
    expect(instructions).not.toContain('call the tool');
    expect(instructions).toMatch(/The conversation so far[\s\S]*User: My name is Alice\./);
    expect(instructions).not.toMatch(/Bob|Boston/);
  });

  it('are refused without a user', async () => {
    expect((await h.failUnchecked(internalApi.chat.liveVoiceInstructions, {}, null)).kind).toBe(ErrorKind.Unauthenticated);
  });
});

describe('a spoken exchange stored by voice', () => {
  it("enters the caller's history as a turn (the words, then the answer as heard) and teaches the memories", async () => {
    const alice = h.newUser();
    const other = h.newUser();
    const stored = await h.call(internalApi.chat.storeVoiceExchange, { transcript: 'My name is Carol.', reply: 'Nice to meet you, Carol…' }, alice);
    const history = await h.call(api.chat.messages, {}, alice);
    expect(history.map((m) => [m.id, m.role, m.content])).toEqual([
      [stored.userMessageId, 'user', 'My name is Carol.'],
      [stored.assistantMessageId, 'assistant', 'Nice to meet you, Carol…'],
    ]);
    expect((await h.call(api.chat.memories, {}, alice)).map((m) => m.content)).toContain("User's name is Carol");
    expect(JSON.stringify(await h.call(api.chat.messages, {}, other))).not.toContain('Carol');
  });

  it('keeps only the words when Jarvis said nothing (the user spoke over it before it began)', async () => {
    const alice = h.newUser();
    const stored = await h.call(internalApi.chat.storeVoiceExchange, { transcript: 'Wait, never mind.' }, alice);
    expect(stored.assistantMessageId).toBeNull();
    expect((await h.call(api.chat.messages, {}, alice)).map((m) => m.content)).toEqual(['Wait, never mind.']);
  });

  it('refuses empty words and a call without a user', async () => {
    expect((await h.failUnchecked(internalApi.chat.storeVoiceExchange, { transcript: '  ', reply: 'a' }, h.newUser())).kind).toBe(ErrorKind.Validation);
    expect((await h.failUnchecked(internalApi.chat.storeVoiceExchange, { transcript: 'q', reply: 'a' }, null)).kind).toBe(ErrorKind.Unauthenticated);
  });
});
