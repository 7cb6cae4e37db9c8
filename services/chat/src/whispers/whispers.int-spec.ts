import { api, type Reminder, type RpcRequest } from '@jarvis/contracts';
import type { Published } from '@jarvis/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatHarness, startChat } from '../testing/chat-harness';

let h: ChatHarness;

beforeAll(async () => {
  h = await startChat('chat-whispers');
});
afterAll(() => h?.close());

describe('whispers', () => {
  let calendar: Published<RpcRequest> | undefined;
  afterAll(() => calendar?.stop());

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
    calendar = await h.published<RpcRequest>(api.calendar.reminders, {
      reply: ({ body }) => (body.ctx.userId === user.id ? [rent, water, done] : []),
    });
    const whispers = await h.call(api.chat.whispers, {}, user);
    expect(calendar.bodies().at(-1)!.ctx.userId).toBe(user.id);
    const bills = whispers.filter((w) => w.type === 'bills');
    expect(bills.map((w) => w.id)).toEqual([`bills:${rent.id}`, `bills:${water.id}`]);
    expect(bills[0].text).toContain('"Pay rent" is due');
    expect(bills[1].text).toBe('Don\'t forget: "Pay water bill" (next week).');
    for (const w of whispers) expect(['planning', 'commute', 'wellness', 'bills']).toContain(w.type);

    expect((await h.call(api.chat.whispers, {}, h.newUser())).filter((w) => w.type === 'bills')).toEqual([]);
  });

  it('skip reminder cards when calendar is down, and still answer', async () => {
    await calendar?.stop();
    calendar = undefined;
    const whispers = await h.call(api.chat.whispers, {}, h.newUser());
    expect(whispers.filter((w) => w.type === 'bills')).toEqual([]);
  });
});
