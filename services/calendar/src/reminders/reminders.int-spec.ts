import { randomUUID } from 'node:crypto';
import { api, type Reminder } from '@jarvis/contracts';
import type { Caller } from '@jarvis/testing';
import { formatInTimeZone } from 'date-fns-tz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CalendarHarness, startCalendar } from '../testing/calendar-harness';
import { REMINDER_TIME_ZONE } from './when-parser';

let h: CalendarHarness;

beforeAll(async () => {
  h = await startCalendar('reminders');
});
afterAll(() => h?.close());

const list = (user: Caller) => h.call(api.calendar.reminders, {}, user);
// Sent as they are, not parsed here: the handler validates them itself, as it does for other services' calls.
const update = (user: Caller, input: { id: string; done?: boolean; title?: string; when?: string }) =>
  h.rpc.call(api.calendar.updateReminder, input, h.ctx(user));
const remove = (user: Caller, id: string) => h.rpc.call(api.calendar.deleteReminder, { id }, h.ctx(user));
/** ET wall-clock minute of an ISO time, e.g. 2025-03-08T08:00. */
const etMinute = (iso: string | null) => iso && formatInTimeZone(new Date(iso), REMINDER_TIME_ZONE, "yyyy-MM-dd'T'HH:mm");
/** The ET calendar date `days` after today's. */
function etDate(days: number, now = new Date()) {
  const today = formatInTimeZone(now, REMINDER_TIME_ZONE, 'yyyy-MM-dd');
  return new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe('POST /api/reminders', () => {
  it("stores 'tomorrow morning' as 8:00 am ET tomorrow, keeping the text", async () => {
    const alice = h.newUser();
    const before = etDate(1);
    const created = await h.newReminder(alice, { title: '  Call mom  ', when: 'tomorrow morning' });
    const after = etDate(1);
    expect(created).toMatchObject({ title: 'Call mom', when: 'tomorrow morning', done: false });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.created_at).toMatch(ISO);
    expect(created.reminder_time).toMatch(ISO);
    expect([`${before}T08:00`, `${after}T08:00`]).toContain(etMinute(created.reminder_time));
    expect(await list(alice)).toEqual([created]);
  });

  it("stores 'this evening' at 6 pm and 'tomorrow at 5pm' at 5 pm ET", async () => {
    const alice = h.newUser();
    const evening = await h.newReminder(alice, { title: 'Gym', when: 'this evening' });
    expect(etMinute(evening.reminder_time)).toMatch(/T18:00$/);
    const five = await h.newReminder(alice, { title: 'Pick up kids', when: 'tomorrow at 5pm' });
    expect([`${etDate(1)}T17:00`, `${etDate(2)}T17:00`]).toContain(etMinute(five.reminder_time));
  });

  it("stores 'in 2 hours' two hours from now", async () => {
    const started = Date.now();
    const created = await h.newReminder(h.newUser(), { title: 'Stretch', when: 'in 2 hours' });
    const at = Date.parse(created.reminder_time!);
    expect(at).toBeGreaterThanOrEqual(started + 2 * 3_600_000 - 1_000);
    expect(at).toBeLessThanOrEqual(Date.now() + 2 * 3_600_000 + 1_000);
  });

  it('uses an ISO reminder_time as given, with the text or a readable ET rendering as when', async () => {
    const alice = h.newUser();
    const withText = await h.newReminder(alice, { title: 'Dentist', when: 'dentist day', reminder_time: '2031-05-06T13:30:00-04:00' });
    expect(withText).toMatchObject({ when: 'dentist day', reminder_time: '2031-05-06T17:30:00.000Z' });
    const bare = await h.newReminder(alice, { title: 'Flight', reminder_time: '2031-01-10T15:00:00Z' });
    expect(bare).toMatchObject({ when: 'Fri, Jan 10, 2031 at 10:00 AM EST', reminder_time: '2031-01-10T15:00:00.000Z' });
  });

  it('keeps a reminder whose when names no time, with reminder_time null', async () => {
    const alice = h.newUser();
    const created = await h.newReminder(alice, { title: 'Read that book', when: 'someday' });
    expect(created).toMatchObject({ title: 'Read that book', when: 'someday', reminder_time: null, done: false });
    expect((await list(alice)).map((r) => r.id)).toEqual([created.id]);
  });

  it('refuses a missing or blank title with the spec message, and stores nothing', async () => {
    const alice = h.newUser();
    const parsed = api.calendar.createReminder.request.safeParse({ when: 'tomorrow' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].message).toBe('Please provide a title for your reminder.');
    // The same answer for a caller that skips the gateway (chat's create_reminder action).
    for (const data of [{ when: 'tomorrow' }, { title: '   ', when: 'tomorrow' }]) {
      const error = await h.failUnchecked(api.calendar.createReminder, data, alice);
      expect(error.kind).toBe('VALIDATION');
      expect(error.message).toBe('Please provide a title for your reminder.');
    }
    expect(await list(alice)).toEqual([]);
  });

  it('refuses a reminder without when or reminder_time with the spec message', async () => {
    const alice = h.newUser();
    const message = 'Please specify when you want to be reminded (either natural language or specific date/time).';
    const parsed = api.calendar.createReminder.request.safeParse({ title: 'x', when: '   ' });
    expect(parsed.error?.issues[0].message).toBe(message);
    const error = await h.failUnchecked(api.calendar.createReminder, { title: 'Water plants' }, alice);
    expect(error.kind).toBe('VALIDATION');
    expect(error.message).toBe(message);
    expect(error.details).toEqual({ fields: { when: [message] } });
    const badIso = await h.failUnchecked(api.calendar.createReminder, { title: 'x', reminder_time: 'tomorrow' }, alice);
    expect(badIso.message).toBe('reminder_time must be an ISO timestamp');
    expect(await list(alice)).toEqual([]);
  });

  it('refuses a NUL character from a caller that skipped the gateway with a 400 naming the field, storing nothing', async () => {
    const alice = h.newUser();
    const error = await h.failUnchecked(api.calendar.createReminder, { title: 'Call\u0000mom', when: 'tomorrow' }, alice);
    expect(error.kind).toBe('VALIDATION');
    expect(error.details).toEqual({ fields: { title: ['title must not contain NUL characters'] } });
    expect(await list(alice)).toEqual([]);
  });

  it('refuses a call without a user', async () => {
    const error = await h.failUnchecked(api.calendar.reminders, {}, null);
    expect(error.kind).toBe('UNAUTHENTICATED');
  });
});

describe('GET /api/reminders', () => {
  it('lists not-done reminders by time (untimed last), then done ones, and only the caller’s', async () => {
    const alice = h.newUser();
    const bob = h.newUser();
    const inThree = await h.newReminder(alice, { title: 'in three', when: 'in 3 hours' });
    const untimed = await h.newReminder(alice, { title: 'untimed', when: 'whenever' });
    const nextYear = await h.newReminder(alice, { title: 'next year', reminder_time: new Date(Date.now() + 365 * 86_400_000).toISOString() });
    const inOne = await h.newReminder(alice, { title: 'in one', when: 'in 1 hour' });
    const finished = await h.newReminder(alice, { title: 'finished', when: 'in 30 minutes' });
    await update(alice, { id: finished.id, done: true });
    const bobs = await h.newReminder(bob, { title: 'bob only', when: 'in 10 minutes' });

    const alices = await list(alice);
    expect(alices.map((r) => r.title)).toEqual(['in one', 'in three', 'next year', 'untimed', 'finished']);
    expect(alices.map((r) => r.id)).toEqual([inOne.id, inThree.id, nextYear.id, untimed.id, finished.id]);
    expect(alices[4].done).toBe(true);
    expect(Object.keys(alices[0]).sort()).toEqual(['created_at', 'done', 'id', 'reminder_time', 'title', 'when']);
    expect(await list(bob)).toEqual([bobs]);
    expect(await list(h.newUser())).toEqual([]);
  });
});

describe('PUT /api/reminders/:id', () => {
  it('marks done and not done again', async () => {
    const alice = h.newUser();
    const created = await h.newReminder(alice, { title: 'Toggle', when: 'tomorrow morning' });
    const done = await update(alice, { id: created.id, done: true });
    expect(done).toEqual({ ...created, done: true });
    expect((await list(alice))[0].done).toBe(true);
    const reopened = await update(alice, { id: created.id, done: false });
    expect(reopened).toEqual(created);
    expect((await list(alice))[0].done).toBe(false);
  });

  it('changes the title, and re-reads when into a new time', async () => {
    const alice = h.newUser();
    const created = await h.newReminder(alice, { title: 'Old', when: 'in 3 hours' });
    const renamed = await update(alice, { id: created.id, title: ' New ', when: 'tomorrow at 5pm' });
    expect(renamed).toMatchObject({ id: created.id, title: 'New', when: 'tomorrow at 5pm', done: false });
    expect([`${etDate(1)}T17:00`, `${etDate(2)}T17:00`]).toContain(etMinute(renamed.reminder_time));
    const unreadable = await update(alice, { id: created.id, when: 'at some point' });
    expect(unreadable).toMatchObject({ when: 'at some point', reminder_time: null });
    expect(await list(alice)).toEqual([unreadable]);
  });

  it("answers 404 for another user's reminder and leaves it unchanged", async () => {
    const alice = h.newUser();
    const mallory = h.newUser();
    const created = await h.newReminder(alice, { title: 'Private', when: 'tomorrow morning' });
    const error = await h.failUnchecked(api.calendar.updateReminder, { id: created.id, done: true, title: 'pwned' }, mallory);
    expect(error.kind).toBe('NOT_FOUND');
    expect(error.message).toBe('Reminder not found');
    expect(await list(alice)).toEqual([created]);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const alice = h.newUser();
    for (const id of [randomUUID(), 'not-a-uuid', '1', "' OR 1=1 --", '\u0000', 'x'.repeat(100_000)]) {
      const error = await h.failUnchecked(api.calendar.updateReminder, { id, done: true }, alice);
      expect(error.kind).toBe('NOT_FOUND');
      expect(error.message).toBe('Reminder not found');
    }
  });
});

describe('DELETE /api/reminders/:id', () => {
  it('deletes the caller’s reminder', async () => {
    const alice = h.newUser();
    const keep = await h.newReminder(alice, { title: 'Keep', when: 'tomorrow' });
    const gone = await h.newReminder(alice, { title: 'Gone', when: 'tomorrow' });
    expect(await remove(alice, gone.id)).toEqual({ success: true });
    expect(await list(alice)).toEqual([keep]);
    expect((await h.failUnchecked(api.calendar.deleteReminder, { id: gone.id }, alice)).kind).toBe('NOT_FOUND');
  });

  it("answers 404 for another user's reminder and keeps it", async () => {
    const alice = h.newUser();
    const created = await h.newReminder(alice, { title: 'Mine', when: 'tomorrow' });
    const error = await h.failUnchecked(api.calendar.deleteReminder, { id: created.id }, h.newUser());
    expect(error.kind).toBe('NOT_FOUND');
    expect(await list(alice)).toEqual([created]);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [randomUUID(), 'nope', '00000000-0000-0000-0000-00000000000Z', 'a\u0000b']) {
      const error = await h.failUnchecked(api.calendar.deleteReminder, { id }, h.newUser());
      expect(error.kind).toBe('NOT_FOUND');
      expect(error.message).toBe('Reminder not found');
    }
  });
});

describe('storage', () => {
  it('keeps reminder rows in calendar.reminders with the when text and time', async () => {
    const alice = h.newUser();
    const created: Reminder = await h.newReminder(alice, { title: 'Stored', when: 'tomorrow morning' });
    const [row] = await h.dataSource.query('SELECT user_id, title, when_text, reminder_time, done, due_notified_at FROM calendar.reminders WHERE id = $1', [created.id]);
    expect(row).toMatchObject({ user_id: alice.id, title: 'Stored', when_text: 'tomorrow morning', done: false, due_notified_at: null });
    expect((row.reminder_time as Date).toISOString()).toBe(created.reminder_time);
  });
});
