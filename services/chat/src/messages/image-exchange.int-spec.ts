import { api, ErrorKind, internalApi } from '@jarvis/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatHarness, startChat } from '../testing/chat-harness';

let h: ChatHarness;

beforeAll(async () => {
  h = await startChat('chat-image-exchange');
});
afterAll(() => h?.close());

describe('an analysed image stored by voice', () => {
  it("enters the caller's history as the question and the assistant's answer, and no one else's", async () => {
    const alice = h.newUser();
    const other = h.newUser();
    await h.call(internalApi.chat.storeImageExchange, { question: '[Image] What is this?', answer: 'A red square.' }, alice);
    const history = JSON.stringify(await h.call(api.chat.messages, {}, alice));
    expect(history).toContain('[Image] What is this?');
    expect(history).toContain('A red square.');
    expect(JSON.stringify(await h.call(api.chat.messages, {}, other))).not.toContain('A red square.');
  });

  it('refuses an empty answer and a call without a user', async () => {
    expect((await h.failUnchecked(internalApi.chat.storeImageExchange, { question: 'q', answer: '' }, h.newUser())).kind).toBe(ErrorKind.Validation);
    expect((await h.failUnchecked(internalApi.chat.storeImageExchange, { question: 'q', answer: 'a' }, null)).kind).toBe(ErrorKind.Unauthenticated);
  });
});
