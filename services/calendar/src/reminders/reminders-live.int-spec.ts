import { randomUUID } from 'node:crypto';
import { api, type LiveEvent, liveUserWildcard } from '@jarvis/contracts';
import type { Published, TestUser } from '@jarvis/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CalendarHarness, startCalendar } from '../testing/calendar-harness';
import { ReminderDueScheduler } from './reminder-due.scheduler';

let h: CalendarHarness;

beforeAll(async () => {
  h = await startCalendar('reminderslive');
});
afterAll(() => h?.close());

/** What one user's browser would hear: every live event on `live.<userId>.>`, as the gateway subscribes. */
const listen = (user: TestUser) => h.published<LiveEvent>(liveUserWildcard(user.id));

/** The `count`th live event heard, once it came. */
async function next(heard: Published<LiveEvent>, count: number) {
  await h.waitFor(() => heard.messages.length >= count, { timeoutMs: 2_000, message: () => `expected ${count} live events, got ${heard.messages.length}` });
  return heard.messages[count - 1];
}

describe('live reminder events', () => {
  it('tells the owner after a create, an update, done and a delete, and nobody else', async () => {
    const alice = h.newUser();
    const aliceHears = await listen(alice);
    const bobHears = await listen(h.newUser());

    const reminder = await h.newReminder(alice, { title: 'Call mom', when: 'tomorrow at 5pm' });
    expect(await next(aliceHears, 1)).toEqual({
      subject: `live.${alice.id}.reminders`,
      body: { kind: 'reminders', data: { id: reminder.id } },
    });

    await h.call(api.calendar.updateReminder, { id: reminder.id, title: 'Call mum' }, alice);
    await h.call(api.calendar.updateReminder, { id: reminder.id, done: true }, alice);
    await h.call(api.calendar.deleteReminder, { id: reminder.id }, alice);
    await next(aliceHears, 4);
    expect(aliceHears.bodies()).toEqual(Array(4).fill({ kind: 'reminders', data: { id: reminder.id } }));
    expect(bobHears.messages).toEqual([]);
  });

  it('tells the owner when the scheduler marks a reminder due', async () => {
    const alice = h.newUser();
    const reminder = await h.newReminder(alice, { title: 'Take pills', reminder_time: new Date(Date.now() - 60_000).toISOString() });
    const aliceHears = await listen(alice);
    expect(await h.get(ReminderDueScheduler).tick()).toBeGreaterThanOrEqual(1);
    expect((await next(aliceHears, 1)).body).toEqual({ kind: 'reminders', data: { id: reminder.id, due: true } });
  });

  it('publishes nothing for a failed write', async () => {
    const alice = h.newUser();
    const aliceHears = await listen(alice);
    await h.call(api.calendar.deleteReminder, { id: randomUUID() }, alice).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 200));
    expect(aliceHears.messages).toEqual([]);
  });
});
