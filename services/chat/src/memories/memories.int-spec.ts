import { api } from '@jarvis/contracts';
import type { TestUser } from '@jarvis/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatHarness, send, startChat } from '../testing/chat-harness';

let h: ChatHarness;

beforeAll(async () => {
  h = await startChat('chat-memories');
});
afterAll(() => h?.close());

describe('memories', () => {
  it('extracts profile memories from chat, newest first, with importance and tags', async () => {
    const user = h.newUser();
    await send(h, user, 'My name is Priya.');
    await send(h, user, 'I work as a nurse and I like hiking.');
    const memories = await h.call(api.chat.memories, {}, user);
    expect(memories.map((m) => m.content)).toEqual(expect.arrayContaining(["User's name is Priya", 'Works as a nurse', 'Likes hiking']));
    expect(memories[memories.length - 1]).toMatchObject({ type: 'profile', content: "User's name is Priya", importance: 5, tags: ['name', 'identity'] });
    expect(new Date(memories[0].created_at) >= new Date(memories[memories.length - 1].created_at)).toBe(true);
  });

  it('replaces a single-valued fact instead of piling up, and ignores repeats', async () => {
    const user = h.newUser();
    await send(h, user, 'I live in Boston');
    await send(h, user, 'I live in Boston');
    await send(h, user, 'I live in Seattle now');
    const contents = (await h.call(api.chat.memories, {}, user)).map((m) => m.content);
    expect(contents.filter((c) => c.startsWith('Lives in'))).toEqual(['Lives in Seattle']);
  });

  it('stores a small episode when an action was offered, none for small talk', async () => {
    const user = h.newUser();
    await send(h, user, 'hello');
    expect(await h.call(api.chat.memories, {}, user)).toEqual([]);
    await send(h, user, 'remind me to call mom tomorrow at 5pm');
    const [episode] = await h.call(api.chat.memories, {}, user);
    expect(episode).toMatchObject({ type: 'episode', content: 'Asked to be reminded to call mom (tomorrow at 5pm)', importance: 3 });
  });

  it("deletes the caller's memory; another user's, unknown or malformed id is 404", async () => {
    const alice = h.newUser();
    await send(h, alice, 'My name is Alice');
    const [memory] = await h.call(api.chat.memories, {}, alice);
    expect((await h.fail(api.chat.deleteMemory, { id: memory.id }, h.newUser())).kind).toBe('NOT_FOUND');
    expect((await h.failUnchecked(api.chat.deleteMemory, { id: 'nope' }, alice)).kind).toBe('NOT_FOUND');
    expect(await h.call(api.chat.deleteMemory, { id: memory.id }, alice)).toEqual({ success: true });
    expect(await h.call(api.chat.memories, {}, alice)).toEqual([]);
    expect((await h.fail(api.chat.deleteMemory, { id: memory.id }, alice)).kind).toBe('NOT_FOUND');
  });

  it("cleans up only the caller's interaction memories starting with 'Pattern:'", async () => {
    const alice = h.newUser();
    const bob = h.newUser();
    const insert = (user: TestUser, type: string, content: string) =>
      h.dataSource.query(`INSERT INTO chat.memories (user_id, type, content, importance, tags) VALUES ($1, $2, $3, 2, '{}')`, [user.id, type, content]);
    await insert(alice, 'interaction', 'Pattern: chats in the morning');
    await insert(alice, 'interaction', 'Pattern: likes weather');
    await insert(alice, 'interaction', 'Asked about Pattern: no');
    await insert(alice, 'profile', 'Pattern: a profile fact');
    await insert(bob, 'interaction', 'Pattern: bob');
    expect(await h.call(api.chat.cleanupPatternMemories, {}, alice)).toEqual({ deleted: 2 });
    expect((await h.call(api.chat.memories, {}, alice)).map((m) => m.content).sort()).toEqual(['Asked about Pattern: no', 'Pattern: a profile fact']);
    expect(await h.call(api.chat.memories, {}, bob)).toHaveLength(1);
  });
});
