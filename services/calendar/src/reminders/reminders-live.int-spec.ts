import { randomUUID } from 'node:crypto';
import { api, type LiveEvent, liveUserWildcard } from '@jarvis/contracts';
import type { TestUser } from '@jarvis/testing';
import { JSONCodec } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CalendarHarness, startCalendar } from '../testing/calendar-harness';
import { ReminderDueScheduler } from './reminder-due.scheduler';

let h: CalendarHarness;
const codec = JSONCodec<LiveEvent>();

beforeAll(async () => {
  h = await startCalendar('reminderslive');
});
afterAll(() => h?.close());

/** What one user's browser would hear: every live event on `live.<userId>.>`, as the gateway subscribes. */
async function listen(user: TestUser) {
  const events: { subject: string; event: LiveEvent }[] = [];
  h.nc.subscribe(h.env.natsPrefix + liveUserWildcard(user.id), {
    callback: (_err, msg) => events.push({ subject: msg.subject, event: codec.decode(msg.data) }),
  });
  await h.nc.flush();
  return {
    events,
    async next(count: number) {
      for (const started = Date.now(); events.length < count; await new Promise((r) => setTimeout(r, 20))) {
        if (Date.now() - started > 2_000) throw new Error(`expected ${count} live events, got ${events.length}`);
      }
      return events[count - 1];
    },
  };
}

describe('live reminder events', () => {
  it('tells the owner after a create, an update, done and a delete, and nobody else', async () => {
    const alice = h.newUser();
    const aliceHears = await listen(alice);
    const bobHears = await listen(h.newUser());

    const reminder = await h.newReminder(alice, { title: 'Call mom', when: 'tomorrow at 5pm' });
    expect(await aliceHears.next(1)).toEqual({
      subject: `${h.env.natsPrefix}live.${alice.id}.reminders`,
      event: { kind: 'reminders', data: { id: reminder.id } },
    });

    await h.call(api.calendar.updateReminder, { id: reminder.id, title: 'Call mum' }, alice);
    await h.call(api.calendar.updateReminder, { id: reminder.id, done: true }, alice);
    await h.call(api.calendar.deleteReminder, { id: reminder.id }, alice);
    await aliceHears.next(4);
    expect(aliceHears.events.map((e) => e.event)).toEqual(Array(4).fill({ kind: 'reminders', data: { id: reminder.id } }));
    expect(bobHears.events).toEqual([]);
  });

  it('tells the owner when the scheduler marks a reminder due', async () => {
    const alice = h.newUser();
    const reminder = await h.newReminder(alice, { title: 'Take pills', reminder_time: new Date(Date.now() - 60_000).toISOString() });
    const aliceHears = await listen(alice);
    expect(await h.get(ReminderDueScheduler).tick()).toBeGreaterThanOrEqual(1);
    expect((await aliceHears.next(1)).event).toEqual({ kind: 'reminders', data: { id: reminder.id, due: true } });
  });

  it('publishes nothing for a failed write', async () => {
    const alice = h.newUser();
    const aliceHears = await listen(alice);
    await h.call(api.calendar.deleteReminder, { id: randomUUID() }, alice).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 200));
    expect(aliceHears.events).toEqual([]);
  });
});
