import { api, CAREER_IDS, PERSONALITY_IDS } from '@jarvis/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONALITIES } from '../src/personas/personalities.constants';
import { type ChatHarness, send, startChat } from './harness';

let h: ChatHarness;

beforeAll(async () => {
  h = await startChat('chat-personal');
});
afterAll(() => h?.close());

describe('personalities', () => {
  it('answers friendly_companion by default with the seven choices and their fields', async () => {
    const res = await h.call(api.chat.getPersonality, {}, h.newUser());
    expect(res.personalityId).toBe('friendly_companion');
    expect(res.personalities.map((p: any) => p.id)).toEqual([...PERSONALITY_IDS]);
    for (const p of res.personalities as any[]) {
      expect(Object.keys(p)).toEqual(expect.arrayContaining(['name', 'description', 'color', 'icon', 'previewResponse', 'systemPrompt']));
    }
  });

  it("keeps each user's choice", async () => {
    const alice = h.newUser();
    const bob = h.newUser();
    expect(await h.call(api.chat.setPersonality, { personalityId: 'wise_mentor' }, alice)).toEqual({ personalityId: 'wise_mentor' });
    expect((await h.call(api.chat.getPersonality, {}, alice)).personalityId).toBe('wise_mentor');
    expect((await h.call(api.chat.getPersonality, {}, bob)).personalityId).toBe('friendly_companion');
  });

  it('keeps advanced_professor for enterprise: 402 PLAN_REQUIRED with requiresUpgrade otherwise', async () => {
    const user = h.newUser();
    const error = await h.fail(api.chat.setPersonality, { personalityId: 'advanced_professor' }, user, 'premium');
    expect(error).toMatchObject({ kind: 'PLAN_REQUIRED', details: { requiresUpgrade: true, requiredTier: 'enterprise' } });
    expect(await h.call(api.chat.setPersonality, { personalityId: 'advanced_professor' }, user, 'enterprise')).toEqual({ personalityId: 'advanced_professor' });
  });

  it('rejects an unknown personality id at the contract', () => {
    expect(() => api.chat.setPersonality.request.parse({ personalityId: 'pirate' })).toThrow();
  });

  it('previews with the stored preview response when no model is configured', async () => {
    const res = await h.call(api.chat.previewPersonality, { personalityId: 'witty_sarcastic', message: 'hi' }, h.newUser());
    expect(res.response).toBe(PERSONALITIES.witty_sarcastic.previewResponse);
  });
});

describe('careers', () => {
  it('answers general by default with the ten profiles', async () => {
    const res = await h.call(api.chat.getCareer, {}, h.newUser());
    expect(res.careerProfile).toBe('general');
    expect(res.careers.map((c: any) => c.id)).toEqual([...CAREER_IDS]);
    const realtor = (res.careers as any[]).find((c) => c.id === 'realtor');
    expect(realtor.contextPrompt).toMatch(/showings.*property showings.*calendar/i);
    expect((res.careers as any[]).find((c) => c.id === 'healthcare').contextPrompt).toMatch(/never give medical advice/i);
  });

  it('refuses a career on free with PLAN_REQUIRED and requiresUpgrade, allows general', async () => {
    const user = h.newUser();
    const error = await h.fail(api.chat.setCareer, { careerProfile: 'realtor' }, user, 'free');
    expect(error).toMatchObject({ kind: 'PLAN_REQUIRED', details: { requiresUpgrade: true, requiredTier: 'premium' } });
    expect(error.message).toMatch(/Premium/);
    expect(await h.call(api.chat.setCareer, { careerProfile: 'general' }, user, 'free')).toEqual({ careerProfile: 'general' });
  });

  it('saves a career for premium and enterprise', async () => {
    const user = h.newUser();
    await h.call(api.chat.setCareer, { careerProfile: 'teacher' }, user, 'premium');
    expect((await h.call(api.chat.getCareer, {}, user, 'premium')).careerProfile).toBe('teacher');
    // After a downgrade the stored career no longer applies.
    expect((await h.call(api.chat.getCareer, {}, user, 'free')).careerProfile).toBe('general');
  });
});

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
    expect((await h.fail(api.chat.deleteMemory, { id: 'nope' }, alice)).kind).toBe('NOT_FOUND');
    expect(await h.call(api.chat.deleteMemory, { id: memory.id }, alice)).toEqual({ success: true });
    expect(await h.call(api.chat.memories, {}, alice)).toEqual([]);
    expect((await h.fail(api.chat.deleteMemory, { id: memory.id }, alice)).kind).toBe('NOT_FOUND');
  });

  it("cleans up only the caller's interaction memories starting with 'Pattern:'", async () => {
    const alice = h.newUser();
    const bob = h.newUser();
    const insert = (userId: string, type: string, content: string) =>
      h.dataSource.query(`INSERT INTO chat.memories (user_id, type, content, importance, tags) VALUES ($1, $2, $3, 2, '{}')`, [userId, type, content]);
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
