import { api } from '@jarvis/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatHarness, send, startChat } from '../testing/chat-harness';

let h: ChatHarness;

beforeAll(async () => {
  h = await startChat('chat-shortcuts');
});
afterAll(() => h?.close());

describe('quick response shortcuts', () => {
  const body = { name: 'Running late', trigger_phrases: ['  running late ', '', 'late again'], response_template: "I'm running late, be there in 10!" };

  it('creates with trimmed phrases (blanks dropped), lists, updates and deletes', async () => {
    const user = h.newUser();
    const created = await h.call(api.chat.createShortcut, body, user);
    expect(created).toMatchObject({ name: 'Running late', trigger_phrases: ['running late', 'late again'], is_active: true, usage_count: 0 });
    expect(await h.call(api.chat.shortcuts, {}, user)).toEqual([created]);
    const updated = await h.call(api.chat.updateShortcut, { ...body, id: created.id, name: 'Late', is_active: false }, user);
    expect(updated).toMatchObject({ id: created.id, name: 'Late', is_active: false });
    expect(await h.call(api.chat.deleteShortcut, { id: created.id }, user)).toEqual({ success: true });
    expect(await h.call(api.chat.shortcuts, {}, user)).toEqual([]);
  });

  it("answers 404 for another user's shortcut on update and delete", async () => {
    const alice = h.newUser();
    const created = await h.call(api.chat.createShortcut, body, alice);
    const bob = h.newUser();
    expect((await h.fail(api.chat.updateShortcut, { ...body, id: created.id }, bob)).kind).toBe('NOT_FOUND');
    expect((await h.fail(api.chat.deleteShortcut, { id: created.id }, bob)).kind).toBe('NOT_FOUND');
    expect(await h.call(api.chat.shortcuts, {}, bob)).toEqual([]);
  });

  it('requires a name and a response template', () => {
    expect(() => api.chat.createShortcut.request.parse({ ...body, name: ' ' })).toThrow(/Name is required/);
    expect(() => api.chat.createShortcut.request.parse({ ...body, response_template: '' })).toThrow(/Response template is required/);
  });

  it('answers a chat message matching an active trigger from the template and counts it; inactive ones do nothing', async () => {
    const user = h.newUser();
    const active = await h.call(api.chat.createShortcut, body, user);
    await h.call(api.chat.createShortcut, { name: 'Off', trigger_phrases: ['on my way'], response_template: 'OMW', is_active: false }, user);
    const res = await send(h, user, 'Running LATE');
    expect(res.reply).toBe("I'm running late, be there in 10!");
    await send(h, user, 'late again');
    expect((await send(h, user, 'on my way')).reply).not.toBe('OMW');
    const list = await h.call(api.chat.shortcuts, {}, user);
    expect(list.find((s) => s.id === active.id)!.usage_count).toBe(2);
    expect(list.find((s) => s.name === 'Off')!.usage_count).toBe(0);
    // Punctuation and spacing do not matter, but a longer message that only contains the phrase is not a trigger.
    expect((await send(h, user, '  Late   again?! ')).reply).toBe(body.response_template);
    expect((await send(h, user, 'I am running late for the dentist tomorrow')).reply).not.toBe(body.response_template);
    // Another user's trigger never answers for me.
    expect((await send(h, h.newUser(), 'running late')).reply).not.toBe(body.response_template);
  });
});
