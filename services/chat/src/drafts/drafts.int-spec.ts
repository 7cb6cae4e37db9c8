import { api, type BookingLinkReply, internalApi, type RpcRequest } from '@jarvis/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatHarness, startChat } from '../testing/chat-harness';

let h: ChatHarness;

beforeAll(async () => {
  h = await startChat('chat-drafts');
});
afterAll(() => h?.close());

describe('drafting a text message', () => {
  it('returns the message as drafted', async () => {
    expect(await h.call(api.chat.draftMessage, { message: "  I'm on my way  ", context: 'to Sam' }, h.newUser())).toEqual({ message: "I'm on my way" });
  });

  it('refuses an empty message with a 400 and its text', async () => {
    expect(await h.fail(api.chat.draftMessage, { message: '' }, h.newUser())).toMatchObject({ kind: 'VALIDATION', message: 'Please provide the message to draft.' });
  });

  it('answers 503 without inventing a link when calendar cannot give the booking link', async () => {
    const error = await h.fail(api.chat.draftMessage, { message: 'Let us meet', includeBookingLink: true }, h.newUser());
    expect(error).toMatchObject({ kind: 'SERVICE_UNAVAILABLE', code: 'BOOKING_LINK_UNAVAILABLE' });
    expect(error.message).toMatch(/calendar service is not available/);
  });

  it("adds the caller's booking link from calendar", async () => {
    const user = h.newUser();
    const calendar = await h.published<RpcRequest & { ctx: { userId: string } }>(internalApi.calendar.ensureBookingLink, {
      // The test plays calendar, which answers only signed-in calls.
      reply: ({ body: { ctx } }): BookingLinkReply => ({ code: `c-${ctx.userId.slice(0, 4)}`, url: `https://jarvis.example/book/c-${ctx.userId.slice(0, 4)}` }),
    });
    try {
      const res = await h.call(api.chat.draftMessage, { message: 'Pick a time that suits you', includeBookingLink: true }, user);
      expect(res.message).toBe(`Pick a time that suits you\n\nBook a time with me: https://jarvis.example/book/c-${user.id.slice(0, 4)}`);
      const placed = await h.call(api.chat.draftMessage, { message: 'Book here: [booking link] thanks', includeBookingLink: true }, user);
      expect(placed.message).toBe(`Book here: https://jarvis.example/book/c-${user.id.slice(0, 4)} thanks`);
    } finally {
      await calendar.stop();
    }
  });
});
