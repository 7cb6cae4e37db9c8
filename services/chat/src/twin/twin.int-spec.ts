import { api } from '@jarvis/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatHarness, startChat } from '../testing/chat-harness';

let h: ChatHarness;

beforeAll(async () => {
  h = await startChat('chat-twin');
});
afterAll(() => h?.close());

describe('AI twin without a model', () => {
  it('is untrained at first', async () => {
    expect(await h.call(api.chat.twin, {}, h.newUser())).toEqual({ samples: [], facts: '', boundaries: '', trained: false, profile: null });
  });

  it('needs 3 samples over 20 characters, with the exact text', async () => {
    const error = await h.fail(api.chat.trainTwin, { samples: ['Short one', 'Exactly twenty chars', 'This one is long enough to count.', '   '] }, h.newUser());
    expect(error).toMatchObject({ kind: 'VALIDATION', message: 'Please provide at least 3 writing samples (20+ characters each)' });
  });

  it('derives the profile from the measurable style of the samples and keeps it per user', async () => {
    const casual = h.newUser();
    const res = await h.call(
      api.chat.trainTwin,
      {
        samples: ["hey! can't wait to see you guys 🎉", "lol yeah that's awesome, gonna be there!", "omg thx so much!! you're the best 😄"],
        facts: 'I run a bakery',
        boundaries: 'Never promise discounts',
      },
      casual,
    );
    expect(res.success).toBe(true);
    expect(res.profile.tone_adjectives).toEqual(expect.arrayContaining(['concise', 'casual', 'enthusiastic', 'expressive']));
    expect(res.profile.voice_summary).toMatch(/^Writes in short sentences \(about \d+ words\)/);

    const formal = h.newUser();
    const formalRes = await h.call(
      api.chat.trainTwin,
      {
        samples: [
          'Dear Mr. Patel, please find attached the revised proposal for the third quarter, which reflects the changes we discussed during our meeting on Tuesday.',
          'Furthermore, I would appreciate it if you could confirm the delivery schedule at your earliest convenience so that we can finalise the budget accordingly.',
          'Kind regards and sincerely yours, on behalf of the whole project team, who are looking forward to continuing our collaboration next year.',
        ],
      },
      formal,
    );
    expect(formalRes.profile.tone_adjectives).toEqual(expect.arrayContaining(['detailed', 'formal', 'calm']));
    expect(formalRes.profile.tone_adjectives).not.toContain('casual');

    const twin = await h.call(api.chat.twin, {}, casual);
    expect(twin).toMatchObject({ trained: true, facts: 'I run a bakery', boundaries: 'Never promise discounts', profile: res.profile });
    expect(twin.samples).toHaveLength(3);
  });
});
