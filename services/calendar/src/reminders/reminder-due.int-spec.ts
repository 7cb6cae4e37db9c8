import { api, type EventEnvelope } from '@jarvis/contracts';
import { EventBus, type RunningService } from '@jarvis/platform';
import type { TestUser } from '@jarvis/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type CalendarHarness, startCalendar } from '../testing/calendar-harness';
import { ReminderDueScheduler } from './reminder-due.scheduler';
import { RemindersRepository } from './reminders.repository';

type DueEvent = EventEnvelope<'evt.calendar.reminder.due'>;

let h: CalendarHarness;
/** Two replicas of the calendar service on the same database and stream. */
let replicaA: RunningService;
let replicaB: RunningService;
let listener: EventBus;
const received: DueEvent[] = [];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const scheduler = (s: RunningService) => s.app.get(ReminderDueScheduler);
const eventsFor = (reminderId: string) => received.filter((e) => e.data.reminderId === reminderId);

/** Gives any extra (wrong) delivery time to arrive before counting. */
const settle = () => sleep(400);

const update = (user: TestUser, input: { id: string; done?: boolean; when?: string }) => h.call(api.calendar.updateReminder, input, user);
const past = (ms = 60_000) => new Date(Date.now() - ms).toISOString();
async function dueNotifiedAt(id: string): Promise<Date | null> {
  const [row] = await h.dataSource.query('SELECT due_notified_at FROM calendar.reminders WHERE id = $1', [id]);
  return row.due_notified_at;
}

beforeAll(async () => {
  h = await startCalendar('reminderdue');
  replicaA = h.service;
  replicaB = await h.startReplica();
  listener = new EventBus(h.nc, h.env.natsPrefix);
  await listener.subscribe('evt.calendar.reminder.due', 'test-reminder-due-listener', async (event) => {
    received.push(event);
  });
});
afterAll(async () => {
  await listener?.close();
  await h?.close();
});

describe('reminder due events', () => {
  it('publishes evt.calendar.reminder.due once for a due reminder, even when tick() runs twice', async () => {
    const alice = h.newUser();
    const dueAt = past();
    const reminder = await h.newReminder(alice, { title: 'Take pills', reminder_time: dueAt });
    const publish = vi.spyOn(replicaA.app.get(EventBus), 'publish');

    expect(await scheduler(replicaA).tick()).toBeGreaterThanOrEqual(1);
    await scheduler(replicaA).tick();
    await h.waitFor(() => eventsFor(reminder.id).length > 0);
    await settle();

    const events = eventsFor(reminder.id);
    expect(events).toHaveLength(1);
    expect(events[0].name).toBe('evt.calendar.reminder.due');
    expect(events[0].id).toBe(`reminder-due:${reminder.id}:${reminder.reminder_time}`);
    expect(events[0].data).toEqual({ reminderId: reminder.id, userId: alice.id, title: 'Take pills', dueAt: reminder.reminder_time });
    // Published once, not merely deduplicated by JetStream.
    expect(publish.mock.calls.filter(([, data]) => (data as DueEvent['data']).reminderId === reminder.id)).toHaveLength(1);
    expect(await dueNotifiedAt(reminder.id)).toBeInstanceOf(Date);
    publish.mockRestore();
  });

  it('publishes each due reminder exactly once when two replicas tick at the same time', async () => {
    const alice = h.newUser();
    const reminders = await Promise.all(
      Array.from({ length: 40 }, (_, i) => h.newReminder(alice, { title: `race ${i}`, reminder_time: past(1_000 + i) })),
    );
    const publishA = vi.spyOn(replicaA.app.get(EventBus), 'publish');
    const publishB = vi.spyOn(replicaB.app.get(EventBus), 'publish');

    const counts = await Promise.all([
      scheduler(replicaA).tick(),
      scheduler(replicaB).tick(),
      scheduler(replicaA).tick(),
      scheduler(replicaB).tick(),
    ]);

    expect(counts.reduce((a, b) => a + b, 0)).toBe(40);
    const ids = new Set(reminders.map((r) => r.id));
    const published = [...publishA.mock.calls, ...publishB.mock.calls]
      .map(([, data]) => (data as DueEvent['data']).reminderId)
      .filter((id) => ids.has(id));
    expect(published).toHaveLength(40);
    expect(new Set(published).size).toBe(40);
    await h.waitFor(() => received.filter((e) => ids.has(e.data.reminderId)).length >= 40);
    await settle();
    expect(received.filter((e) => ids.has(e.data.reminderId))).toHaveLength(40);
    publishA.mockRestore();
    publishB.mockRestore();
  });

  it('does not lose the event when the process dies between publishing and marking', async () => {
    const reminder = await h.newReminder(h.newUser(), { title: 'Crash test', reminder_time: past() });
    const repository = replicaA.app.get(RemindersRepository);
    const mark = vi.spyOn(repository, 'markDueNotified').mockRejectedValueOnce(new Error('process died'));
    const publish = vi.spyOn(replicaA.app.get(EventBus), 'publish');

    await expect(scheduler(replicaA).tick()).rejects.toThrow('process died');
    expect(await dueNotifiedAt(reminder.id)).toBeNull(); // the mark rolled back: still due
    await scheduler(replicaA).tick();

    const keys = publish.mock.calls.filter(([, data]) => (data as DueEvent['data']).reminderId === reminder.id).map(([, , key]) => key);
    expect(keys).toEqual([`reminder-due:${reminder.id}:${reminder.reminder_time}`, `reminder-due:${reminder.id}:${reminder.reminder_time}`]);
    expect(await dueNotifiedAt(reminder.id)).toBeInstanceOf(Date);
    await h.waitFor(() => eventsFor(reminder.id).length > 0);
    await settle();
    expect(eventsFor(reminder.id)).toHaveLength(1); // the second publish was a harmless duplicate
    mark.mockRestore();
    publish.mockRestore();
  });

  it('leaves future, untimed and done reminders alone', async () => {
    const alice = h.newUser();
    const future = await h.newReminder(alice, { title: 'Later', when: 'in 2 hours' });
    const untimed = await h.newReminder(alice, { title: 'Someday', when: 'someday' });
    const done = await h.newReminder(alice, { title: 'Done already', reminder_time: past() });
    await update(alice, { id: done.id, done: true });

    await scheduler(replicaA).tick();
    await settle();
    for (const r of [future, untimed, done]) {
      expect(eventsFor(r.id)).toHaveLength(0);
      expect(await dueNotifiedAt(r.id)).toBeNull();
    }
  });

  it('does not fire again when a fired reminder is marked not done, but does when its time changes', async () => {
    const alice = h.newUser();
    const reminder = await h.newReminder(alice, { title: 'Again?', reminder_time: past() });
    await scheduler(replicaA).tick();
    await h.waitFor(() => eventsFor(reminder.id).length === 1);

    await update(alice, { id: reminder.id, done: true });
    await update(alice, { id: reminder.id, done: false });
    await scheduler(replicaA).tick();
    await settle();
    expect(eventsFor(reminder.id)).toHaveLength(1);

    const moved = await update(alice, { id: reminder.id, when: 'yesterday at 5pm' });
    expect(moved.reminder_time).not.toBe(reminder.reminder_time);
    await scheduler(replicaA).tick();
    await h.waitFor(() => eventsFor(reminder.id).length === 2);
    await settle();
    const events = eventsFor(reminder.id);
    expect(events).toHaveLength(2);
    expect(events[1].data.dueAt).toBe(moved.reminder_time);
    expect(events[1].id).toBe(`reminder-due:${reminder.id}:${moved.reminder_time}`);
  });

  it('does not fire late when a reminder done before its time is marked not done after it', async () => {
    const alice = h.newUser();
    const reminder = await h.newReminder(alice, { title: 'Done early', reminder_time: new Date(Date.now() + 1_000).toISOString() });
    await update(alice, { id: reminder.id, done: true });
    await sleep(1_200);
    await scheduler(replicaA).tick();
    await update(alice, { id: reminder.id, done: false });
    await scheduler(replicaA).tick();
    await settle();
    expect(eventsFor(reminder.id)).toHaveLength(0);
  });
});

describe('the poller', () => {
  let polling: RunningService;

  beforeAll(async () => {
    process.env.REMINDER_POLL_MS = '100';
    polling = await h.startReplica();
  });
  afterAll(async () => {
    process.env.REMINDER_POLL_MS = '0';
    await polling?.close();
  });

  it('publishes due reminders on its own every REMINDER_POLL_MS', async () => {
    const reminder = await h.newReminder(h.newUser(), { title: 'By itself', reminder_time: past() });
    await h.waitFor(async () => (await dueNotifiedAt(reminder.id)) !== null, { timeoutMs: 3_000 });
    await h.waitFor(() => eventsFor(reminder.id).length > 0);
    await settle();
    expect(eventsFor(reminder.id)).toHaveLength(1);
  });

  it('stops polling on shutdown', async () => {
    const stopping = await h.startReplica();
    const sched = scheduler(stopping);
    const tick = vi.spyOn(sched, 'tick');
    await h.waitFor(() => tick.mock.calls.length >= 1, { timeoutMs: 3_000 });
    await stopping.close();
    const calls = tick.mock.calls.length;
    await sleep(350);
    expect(tick.mock.calls.length).toBe(calls);
  });
});
