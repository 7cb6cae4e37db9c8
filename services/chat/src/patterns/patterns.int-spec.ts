import { api } from '@jarvis/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatHarness, send, startChat } from '../testing/chat-harness';

let h: ChatHarness;

beforeAll(async () => {
  h = await startChat('chat-patterns');
});
afterAll(() => h?.close());

describe('patterns and insights', () => {
  it('are empty without history', async () => {
    const user = h.newUser();
    expect(await h.call(api.chat.patterns, {}, user)).toEqual([]);
    expect(await h.call(api.chat.patternInsights, {}, user)).toEqual([]);
  });

  it("come from the user's own messages, with confidences in 0..1", async () => {
    const user = h.newUser();
    for (const m of ["what's the weather in Paris", 'weather in Rome?', 'is it going to rain in Oslo', 'forecast for Oslo', 'weather in Paris tomorrow']) {
      await send(h, user, m);
    }
    const patterns = await h.call(api.chat.patterns, {}, user);
    expect(patterns.find((p) => p.type === 'temporal')).toBeDefined();
    expect(patterns.find((p) => p.id === 'topical:weather')).toMatchObject({ description: 'You often talk about the weather (5 of 5 messages).' });
    for (const p of patterns) {
      expect(p.confidence).toBeGreaterThan(0);
      expect(p.confidence).toBeLessThanOrEqual(1);
    }
    const insights = await h.call(api.chat.patternInsights, {}, user);
    expect(insights.map((i) => i.type)).toEqual(expect.arrayContaining(['timing_prediction', 'next_topic']));
    // Someone else's history says nothing about me.
    expect(await h.call(api.chat.patterns, {}, h.newUser())).toEqual([]);
  });
});
