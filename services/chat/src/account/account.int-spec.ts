import { randomUUID } from 'node:crypto';
import { api, type EventEnvelope, internalApi } from '@jarvis/contracts';
import { EventBus } from '@jarvis/platform';
import { rowsHoldingUser, type TestUser } from '@jarvis/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatHarness, send, startChat } from '../testing/chat-harness';

let h: ChatHarness;
let reports: { bodies(): { data: { userId: string; service: string } }[] };

beforeAll(async () => {
  h = await startChat('chataccount');
  reports = await h.published(internalApi.identity.reportAccountErased, { reply: () => ({ recorded: true }) });
});
afterAll(() => h?.close());

const archiveKey = () => randomUUID().replace(/-/g, '').padEnd(64, '0');

/** Messages (one offering an action, done), feedback, a saved shared conversation, memories, persona and a shortcut. */
async function filledUser(): Promise<TestUser> {
  const user = h.newUser();
  await send(h, user, 'My name is Priya.');
  const reply = await send(h, user, 'remind me to call mom tomorrow at 5pm');
  await h.call(api.chat.setActionOutcome, { id: reply.assistantMessageId, index: 0, executed: true }, user);
  await h.call(api.chat.feedback, { messageId: reply.assistantMessageId, feedbackType: 'like' }, user);
  const conversation = await h.call(api.chat.saveConversation, { title: 'Mom', messageIds: [reply.userMessageId, reply.assistantMessageId] }, user);
  await h.call(api.chat.shareConversation, { id: conversation.id, isPublic: true }, user);
  await h.call(api.chat.setPersonality, { personalityId: 'wise_mentor' }, user);
  await h.call(api.chat.createShortcut, { name: 'Hours', trigger_phrases: ['opening hours'], response_template: 'We open at 9.' }, user);
  return user;
}

describe("chat's part of an account archive", () => {
  it('exports messages with their action outcomes and feedback, conversations, memories, patterns, persona and shortcuts', async () => {
    const user = await filledUser();
    const { files } = await h.call(internalApi.chat.accountExport, {}, user);
    expect(files['messages.json']).toHaveLength(4);
    const withAction = files['messages.json'].find((m) => m.actions.length > 0)!;
    expect(withAction).toMatchObject({ role: 'assistant', feedback: 'like', actions: [expect.objectContaining({ type: 'create_reminder', executed: true })] });
    expect(files['conversations.json']).toEqual([expect.objectContaining({ title: 'Mom', isPublic: true, messageIds: [expect.any(String), withAction.id] })]);
    expect(JSON.stringify(files['conversations.json'])).not.toMatch(/shareToken/);
    expect(files['memories.json'].map((m) => m.content)).toContain("User's name is Priya");
    expect(files['patterns.json']).toMatchObject({ patterns: expect.any(Array), insights: expect.any(Array) });
    expect(files['personality-and-career.json']).toEqual({ personalityId: 'wise_mentor', careerId: 'general' });
    expect(files['shortcuts.json']).toEqual([expect.objectContaining({ name: 'Hours', triggerPhrases: ['opening hours'], responseTemplate: 'We open at 9.' })]);
    expect(files['twin.json']).toBeNull();
    expect(files['discord-servers.json']).toEqual([]);
  });

  it('imports into another account with new ids, a conversation keeping its messages, once per archive', async () => {
    const user = await filledUser();
    const { files } = await h.call(internalApi.chat.accountExport, {}, user);
    const bob = h.newUser();
    const key = archiveKey();
    expect(await h.call(internalApi.chat.accountImport, { archiveKey: key, files }, bob)).toMatchObject({
      imported: true, counts: { 'messages.json': 4, 'conversations.json': 1, 'shortcuts.json': 1, 'personality-and-career.json': 1 },
    });
    const messages = await h.call(api.chat.messages, {}, bob);
    expect(messages.map((m) => m.content)).toEqual(files['messages.json'].map((m) => m.content));
    expect(messages.map((m) => m.id)).not.toContain(files['messages.json'][0].id);
    expect(messages.find((m) => m.actions?.length)?.actions).toEqual([expect.objectContaining({ executed: true })]);
    const [conversation] = await h.call(api.chat.conversations, {}, bob);
    expect(conversation).toMatchObject({ title: 'Mom', isPublic: true, shareToken: expect.any(String) });
    // A shared conversation gets a link of this installation's: the old one is not ours to answer.
    const shared = await h.call(api.chat.shared, { shareToken: conversation.shareToken! }, null);
    expect(shared.messages.map((m) => m.content)).toEqual(files['messages.json'].slice(2).map((m) => m.content));
    const again = (await h.call(internalApi.chat.accountExport, {}, bob)).files;
    const ids = new Set(again['messages.json'].map((m) => m.id));
    expect(again['conversations.json'][0].messageIds.every((id) => ids.has(id))).toBe(true);
    expect(again['conversations.json'][0].messageIds).toHaveLength(2);
    expect(again['messages.json'].find((m) => m.feedback)?.feedback).toBe('like');
    expect((await h.call(api.chat.getPersonality, {}, bob)).personalityId).toBe('wise_mentor');
    expect((await h.call(api.chat.memories, {}, bob)).map((m) => m.content)).toContain("User's name is Priya");

    expect(await h.call(internalApi.chat.accountImport, { archiveKey: key, files }, bob)).toEqual({ imported: false, counts: {} });
    expect(await h.call(api.chat.messages, {}, bob)).toHaveLength(4);
  });

  it('erases every row of a deleted account, once per event, leaving other users alone', async () => {
    const user = await filledUser();
    const other = await filledUser();
    const eventId = `account-deleted-${randomUUID()}`;
    await h.get(EventBus).publish('evt.identity.account.deleted', { userId: user.id }, eventId);
    await h.waitFor(() => reports.bodies().some((b) => b.data.userId === user.id && b.data.service === 'chat'));
    expect(await rowsHoldingUser(h.dataSource, user.id, ['chat'])).toEqual({});
    expect(await h.call(api.chat.messages, {}, other)).toHaveLength(4);

    const envelope: EventEnvelope<'evt.identity.account.deleted'> = { id: eventId, name: 'evt.identity.account.deleted', occurredAt: new Date().toISOString(), data: { userId: user.id } };
    await h.nc.jetstream().publish(`${h.env.natsPrefix}evt.identity.account.deleted`, JSON.stringify(envelope), { msgID: randomUUID() });
    expect(await h.call(internalApi.chat.accountErase, { userId: user.id }, null)).toEqual({ done: true });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(reports.bodies().filter((b) => b.data.userId === user.id)).toHaveLength(1);
  });
});
