import { api } from '@jarvis/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatHarness, send, startChat } from '../testing/chat-harness';
import type { TestUser } from '@jarvis/testing';

let h: ChatHarness;

beforeAll(async () => {
  h = await startChat('action-outcomes');
});
afterAll(() => h?.close());

/** An assistant message offering one create_reminder action (the offline assistant recognises it). */
async function replyWithAction(user: TestUser) {
  const res = await send(h, user, 'remind me to call mom tomorrow at 5pm');
  expect(res.actions).toHaveLength(1);
  return res;
}

describe('action outcomes', () => {
  it('records done and failed on the stored message, and the messages list shows them', async () => {
    const alice = h.newUser();
    const res = await replyWithAction(alice);
    const input = { id: res.assistantMessageId, index: 0 };
    expect(await h.call(api.chat.setActionOutcome, { ...input, executed: true }, alice)).toEqual({ success: true });
    let stored = await h.call(api.chat.messages, {}, alice);
    expect(stored.at(-1)!.actions).toEqual([{ ...res.actions[0], executed: true }]);

    await h.call(api.chat.setActionOutcome, { ...input, executed: false }, alice);
    stored = await h.call(api.chat.messages, {}, alice);
    expect(stored.at(-1)!.actions).toEqual([{ ...res.actions[0], executed: false }]);
  });

  it("answers 404 for another user's message and leaves it unchanged", async () => {
    const alice = h.newUser();
    const res = await replyWithAction(alice);
    const error = await h.fail(api.chat.setActionOutcome, { id: res.assistantMessageId, index: 0, executed: true }, h.newUser());
    expect(error.kind).toBe('NOT_FOUND');
    const stored = await h.call(api.chat.messages, {}, alice);
    expect(stored.at(-1)!.actions).toEqual(res.actions);
  });

  it('answers 404 for an unknown id, an index past the actions, and a user message', async () => {
    const alice = h.newUser();
    const res = await replyWithAction(alice);
    const cases = [
      { id: '00000000-0000-4000-8000-000000000000', index: 0 },
      { id: res.assistantMessageId, index: 1 },
      { id: res.userMessageId, index: 0 },
    ];
    for (const input of cases) {
      expect((await h.fail(api.chat.setActionOutcome, { ...input, executed: true }, alice)).kind).toBe('NOT_FOUND');
    }
  });
});
