import { api } from '@jarvis/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatHarness, send, startChat } from '../testing/chat-harness';
import type { TestUser } from '@jarvis/testing';

let h: ChatHarness;

beforeAll(async () => {
  h = await startChat('chat-conversations');
});
afterAll(() => h?.close());

async function chatted(user: TestUser) {
  const a = await send(h, user, 'remind me to call mom tomorrow at 5pm');
  const b = await send(h, user, 'hello');
  return [a.userMessageId, a.assistantMessageId, b.userMessageId, b.assistantMessageId];
}

describe('saved conversations', () => {
  it("saves the caller's messages and lists them newest first", async () => {
    const user = h.newUser();
    const ids = await chatted(user);
    const first = await h.call(api.chat.saveConversation, { title: 'Mom call', description: ' weekly ', messageIds: ids.slice(0, 2) }, user);
    expect(first).toMatchObject({ title: 'Mom call', description: 'weekly', messageIds: ids.slice(0, 2), isPublic: false, shareToken: null });
    const second = await h.call(api.chat.saveConversation, { title: 'All', messageIds: ids }, user);
    expect(second.description).toBeNull();
    expect((await h.call(api.chat.conversations, {}, user)).map((c) => c.id)).toEqual([second.id, first.id]);
    expect(await h.call(api.chat.conversations, {}, h.newUser())).toEqual([]);
  });

  it("refuses another user's message ids (and unknown ones) with 404 and malformed ones with 400, saving nothing", async () => {
    const alice = h.newUser();
    const bob = h.newUser();
    const aliceIds = await chatted(alice);
    const bobIds = await chatted(bob);
    expect((await h.fail(api.chat.saveConversation, { title: 'x', messageIds: [bobIds[0], aliceIds[0]] }, alice)).kind).toBe('NOT_FOUND');
    // A malformed id in the body is refused by the contract before anything is read, as at the gateway.
    expect((await h.failUnchecked(api.chat.saveConversation, { title: 'x', messageIds: ['not-a-uuid'] }, alice)).kind).toBe('VALIDATION');
    expect((await h.fail(api.chat.saveConversation, { title: 'x', messageIds: [crypto.randomUUID()] }, alice)).kind).toBe('NOT_FOUND');
    expect(await h.call(api.chat.conversations, {}, alice)).toEqual([]);
  });

  it('needs a title and at least one message, with the texts of doc2', () => {
    expect(() => api.chat.saveConversation.request.parse({ title: ' ', messageIds: ['x'] })).toThrow('Please enter a title for your conversation.');
    expect(() => api.chat.saveConversation.request.parse({ title: 'x', messageIds: [] })).toThrow('Start a conversation before saving.');
  });

  it('shares with an unguessable url-safe token, public page shows messages with actions, private answers 404', async () => {
    const user = h.newUser();
    const ids = await chatted(user);
    const conv = await h.call(api.chat.saveConversation, { title: 'Shared', description: 'd', messageIds: ids.slice(0, 2) }, user);
    const on = await h.call(api.chat.shareConversation, { id: conv.id, isPublic: true }, user);
    expect(on.isPublic).toBe(true);
    expect(on.shareToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const page = await h.call(api.chat.shared, { shareToken: on.shareToken! }, null);
    expect(page).toMatchObject({ title: 'Shared', description: 'd', created_at: conv.created_at });
    expect(page.messages.map((m) => [m.id, m.role])).toEqual([[ids[0], 'user'], [ids[1], 'assistant']]);
    expect(page.messages[1].actions).toEqual([{ type: 'create_reminder', args: { title: 'call mom', when: 'tomorrow at 5pm' } }]);

    const off = await h.call(api.chat.shareConversation, { id: conv.id, isPublic: false }, user);
    expect(off).toEqual({ isPublic: false, shareToken: on.shareToken });
    expect((await h.fail(api.chat.shared, { shareToken: on.shareToken! }, null)).kind).toBe('NOT_FOUND');
    // Turning it on again restores the same link.
    expect((await h.call(api.chat.shareConversation, { id: conv.id, isPublic: true }, user)).shareToken).toBe(on.shareToken);
    expect((await h.call(api.chat.shared, { shareToken: on.shareToken! }, null)).title).toBe('Shared');
  });

  it('answers 404 for an unknown or malformed share token', async () => {
    expect((await h.fail(api.chat.shared, { shareToken: 'A'.repeat(43) }, null)).kind).toBe('NOT_FOUND');
    expect((await h.fail(api.chat.shared, { shareToken: "'; drop table" }, null)).kind).toBe('NOT_FOUND');
  });

  it("answers 404 for sharing or deleting another user's conversation", async () => {
    const alice = h.newUser();
    const conv = await h.call(api.chat.saveConversation, { title: 'Mine', messageIds: (await chatted(alice)).slice(0, 1) }, alice);
    const bob = h.newUser();
    expect((await h.fail(api.chat.shareConversation, { id: conv.id, isPublic: true }, bob)).kind).toBe('NOT_FOUND');
    expect((await h.fail(api.chat.deleteConversation, { id: conv.id }, bob)).kind).toBe('NOT_FOUND');
    expect((await h.failUnchecked(api.chat.deleteConversation, { id: 'garbage' }, bob)).kind).toBe('NOT_FOUND');
    expect(await h.call(api.chat.conversations, {}, alice)).toHaveLength(1);
  });

  it('deletes; a deleted shared conversation is no longer public', async () => {
    const user = h.newUser();
    const conv = await h.call(api.chat.saveConversation, { title: 'Gone', messageIds: (await chatted(user)).slice(0, 1) }, user);
    const { shareToken } = await h.call(api.chat.shareConversation, { id: conv.id, isPublic: true }, user);
    expect(await h.call(api.chat.deleteConversation, { id: conv.id }, user)).toEqual({ success: true });
    expect(await h.call(api.chat.conversations, {}, user)).toEqual([]);
    expect((await h.fail(api.chat.shared, { shareToken: shareToken! }, null)).kind).toBe('NOT_FOUND');
    expect((await h.fail(api.chat.deleteConversation, { id: conv.id }, user)).kind).toBe('NOT_FOUND');
  });
});

describe('recovering conversations deleted in the last 7 days', () => {
  it('finds deleted conversations by title substring (any case) and claims one back', async () => {
    const user = h.newUser();
    const ids = await chatted(user);
    const conv = await h.call(api.chat.saveConversation, { title: 'Trip to Lisbon', description: 'plans', messageIds: ids }, user);
    await h.call(api.chat.saveConversation, { title: 'Lisbon budget', messageIds: ids.slice(0, 1) }, user);
    expect(await h.call(api.chat.recoverSearch, { title: 'lisbon' }, user)).toEqual([]); // nothing deleted yet

    await h.call(api.chat.deleteConversation, { id: conv.id }, user);
    const found = await h.call(api.chat.recoverSearch, { title: 'LISBON' }, user);
    expect(found).toEqual([{ id: conv.id, title: 'Trip to Lisbon', description: 'plans', created_at: conv.created_at, messageCount: 4 }]);
    expect(await h.call(api.chat.recoverSearch, { title: 'lisbon' }, h.newUser())).toEqual([]);
    expect(await h.call(api.chat.recoverSearch, { title: '%' }, user)).toEqual([]);

    expect((await h.fail(api.chat.recoverClaim, { id: conv.id }, h.newUser())).kind).toBe('NOT_FOUND');
    const claimed = await h.call(api.chat.recoverClaim, { id: conv.id }, user);
    expect(claimed).toMatchObject({ id: conv.id, title: 'Trip to Lisbon', messageIds: ids });
    expect((await h.call(api.chat.conversations, {}, user)).map((c) => c.id)).toContain(conv.id);
    expect((await h.fail(api.chat.recoverClaim, { id: conv.id }, user)).kind).toBe('NOT_FOUND');
  });

  it('does not find or claim conversations deleted more than 7 days ago', async () => {
    const user = h.newUser();
    const conv = await h.call(api.chat.saveConversation, { title: 'Old notes', messageIds: (await chatted(user)).slice(0, 1) }, user);
    await h.call(api.chat.deleteConversation, { id: conv.id }, user);
    await h.dataSource.query(`UPDATE chat.conversations SET deleted_at = now() - interval '8 days' WHERE id = $1`, [conv.id]);
    expect(await h.call(api.chat.recoverSearch, { title: 'old' }, user)).toEqual([]);
    expect((await h.fail(api.chat.recoverClaim, { id: conv.id }, user)).kind).toBe('NOT_FOUND');
  });

  it("requires a title ('Enter a title')", () => {
    expect(() => api.chat.recoverSearch.request.parse({ title: '  ' })).toThrow('Enter a title');
  });
});
