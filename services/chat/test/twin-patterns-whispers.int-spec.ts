import { api, type Reminder, type RpcRequest } from '@jarvis/contracts';
import { JSONCodec, type Subscription } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatHarness, send, startChat } from './harness';

let h: ChatHarness;
const codec = JSONCodec();

beforeAll(async () => {
  h = await startChat('chat-twin-patterns');
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

describe('whispers', () => {
  let calendar: Subscription | undefined;
  const seen: RpcRequest[] = [];
  afterAll(() => calendar?.unsubscribe());

  const reminder = (title: string, hoursFromNow: number | null, extra: Partial<Reminder> = {}): Reminder => ({
    id: crypto.randomUUID(),
    title,
    when: hoursFromNow === null ? 'next week' : `in ${hoursFromNow} hours`,
    reminder_time: hoursFromNow === null ? null : new Date(Date.now() + hoursFromNow * 3600_000).toISOString(),
    done: false,
    created_at: new Date().toISOString(),
    ...extra,
  });

  it("build bills cards from the caller's open reminders, asked of calendar over NATS", async () => {
    const user = h.newUser();
    const rent = reminder('Pay rent', 30);
    const water = reminder('Pay water bill', null);
    const done = reminder('Pay phone bill', 2, { done: true });
    calendar = h.nc.subscribe(`${h.env.natsPrefix}${api.calendar.reminders.subject}`, {
      callback: (_err, msg) => {
        const request = codec.decode(msg.data) as RpcRequest;
        seen.push(request);
        msg.respond(codec.encode({ ok: true, data: request.ctx.userId === user ? [rent, water, done] : [] }));
      },
    });
    await h.nc.flush();
    const whispers = await h.call(api.chat.whispers, {}, user);
    expect(seen.at(-1)!.ctx.userId).toBe(user);
    const bills = whispers.filter((w) => w.type === 'bills');
    expect(bills.map((w) => w.id)).toEqual([`bills:${rent.id}`, `bills:${water.id}`]);
    expect(bills[0].text).toContain('"Pay rent" is due');
    expect(bills[1].text).toBe('Don\'t forget: "Pay water bill" (next week).');
    for (const w of whispers) expect(['planning', 'commute', 'wellness', 'bills']).toContain(w.type);

    expect((await h.call(api.chat.whispers, {}, h.newUser())).filter((w) => w.type === 'bills')).toEqual([]);
  });

  it('skip reminder cards when calendar is down, and still answer', async () => {
    calendar?.unsubscribe();
    calendar = undefined;
    const whispers = await h.call(api.chat.whispers, {}, h.newUser());
    expect(whispers.filter((w) => w.type === 'bills')).toEqual([]);
  });
});
