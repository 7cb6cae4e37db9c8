import { api, CAREER_IDS, PERSONALITY_IDS } from '@jarvis/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONALITIES } from './personalities.constants';
import { type ChatHarness, startChat } from '../testing/chat-harness';

let h: ChatHarness;

beforeAll(async () => {
  h = await startChat('chat-personas');
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
