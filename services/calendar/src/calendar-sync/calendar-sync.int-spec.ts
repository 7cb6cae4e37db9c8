import { api } from '@jarvis/contracts';
import type { RunningService } from '@jarvis/platform';
import type { TestUser } from '@jarvis/testing';
import { type GoogleFake, startGoogleFake } from '@jarvis/testing/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CalendarHarness, connectCalendar, startCalendar, TEST_ENCRYPTION_KEY } from '../testing/calendar-harness';
import { knownProfiles, smsNumbers, startIdentityStandIn, startTelephonyStandIn, telephonyStandIn } from '../testing/stand-ins';
import { CalendarSyncScheduler } from './calendar-sync.scheduler';

let fake: GoogleFake;
let h: CalendarHarness;
const standIns: { close(): Promise<void> }[] = [];
let emails = 0;

const HOUR = 3_600_000;
/** A whole minute `hours` from now, as Google would store it. */
const inHours = (hours: number) => new Date(Math.floor((Date.now() + hours * HOUR) / 60_000) * 60_000);
const iso = (d: Date) => d.toISOString();

async function connected(tier: 'free' | 'premium' = 'free'): Promise<{ user: TestUser; email: string }> {
  const user = h.newUser(tier);
  const email = `sync-user-${++emails}@gmail.com`;
  await connectCalendar(h, fake, user, email);
  return { user, email };
}
const sync = (user: TestUser) => h.call(api.calendar.sync, {}, user);
const status = (user: TestUser) => h.call(api.calendar.syncStatus, {}, user);
const reminders = (user: TestUser) => h.call(api.calendar.reminders, {}, user);
const settings = (user: TestUser, input: Record<string, unknown>) => h.call(api.calendar.syncSettings, input as never, user);

beforeAll(async () => {
  fake = await startGoogleFake();
  h = await startCalendar('calsync', { ...fake.env(), ENCRYPTION_KEY: TEST_ENCRYPTION_KEY, CALENDAR_SYNC_INTERVAL_MINUTES: '0' });
  standIns.push(await startIdentityStandIn(h), await startTelephonyStandIn(h));
});
afterAll(async () => {
  for (const s of standIns) await s.close();
  await h?.close();
  await fake?.close();
});

describe('sync settings', () => {
  it('starts from the defaults and keeps a partial change', async () => {
    const alice = h.newUser();
    expect((await status(alice)).settings).toEqual({ enabled: false, sync_reminders: true, reminder_minutes_before: 15, sync_calls: false, call_keywords: [] });
    expect(await settings(alice, { enabled: true, reminder_minutes_before: 30 })).toEqual({
      enabled: true, sync_reminders: true, reminder_minutes_before: 30, sync_calls: false, call_keywords: [],
    });
    expect(await settings(alice, { sync_calls: true })).toMatchObject({ enabled: true, reminder_minutes_before: 30, sync_calls: true });
  });

  it('falls back to 15 minutes for blank or invalid minutes and trims keywords, dropping empties', async () => {
    const bob = h.newUser();
    for (const bad of ['', '  ', 0, 1441, -5, 'soon', 2.5, null, '12abc']) {
      await settings(bob, { reminder_minutes_before: 60 });
      expect((await settings(bob, { reminder_minutes_before: bad })).reminder_minutes_before).toBe(15);
    }
    expect((await settings(bob, { reminder_minutes_before: '1440' })).reminder_minutes_before).toBe(1440);
    expect((await settings(bob, { call_keywords: ['  Dentist ', '', '   ', 'call me'] })).call_keywords).toEqual(['Dentist', 'call me']);
    expect(await h.failUnchecked(api.calendar.syncSettings, { call_keywords: Array.from({ length: 51 }, (_, i) => `k${i}`) }, bob)).toMatchObject({
      kind: 'VALIDATION',
    });
  });

  it("keeps each user's settings to themselves", async () => {
    const [carol, dave] = [h.newUser(), h.newUser()];
    await settings(carol, { enabled: true, call_keywords: ['dentist'] });
    expect((await status(dave)).settings).toMatchObject({ enabled: false, call_keywords: [] });
  });

  it('refuses a sync before a calendar is connected', async () => {
    expect(await h.fail(api.calendar.sync, {}, h.newUser())).toMatchObject({ kind: 'VALIDATION', code: 'CALENDAR_NOT_CONNECTED' });
  });
});

describe('POST /api/calendar/sync', () => {
  it('makes one reminder per event of the next 7 days at start minus the minutes; a second sync changes nothing', async () => {
    const { user, email } = await connected();
    await settings(user, { enabled: true, reminder_minutes_before: 20 });
    const [dentist, standup] = [inHours(5), inHours(30)];
    fake.seedEvents(email, [
      { summary: 'Dentist', start: iso(dentist), end: iso(new Date(dentist.getTime() + HOUR)) },
      { summary: 'Standup', start: iso(standup), end: iso(new Date(standup.getTime() + HOUR / 2)) },
      { summary: 'Next month', start: iso(inHours(24 * 9)), end: iso(inHours(24 * 9 + 1)) },
      { summary: 'Holiday', start: iso(inHours(48)).slice(0, 10), end: iso(inHours(72)).slice(0, 10) },
    ]);

    expect(await sync(user)).toEqual({ syncedReminders: 2, syncedCalls: 0 });
    const made = await reminders(user);
    expect(made.map((r) => [r.title, r.reminder_time]).sort()).toEqual(
      [
        ['Dentist', iso(new Date(dentist.getTime() - 20 * 60_000))],
        ['Standup', iso(new Date(standup.getTime() - 20 * 60_000))],
      ].sort(),
    );
    const after = await status(user);
    expect(after.lastSyncAt).not.toBeNull();
    expect(after.recentSyncs.map((s) => [s.event_type, s.event_title, s.event_start])).toEqual([
      ['reminder', 'Dentist', iso(dentist)],
      ['reminder', 'Standup', iso(standup)],
    ]);

    expect(await sync(user)).toEqual({ syncedReminders: 0, syncedCalls: 0 });
    expect(await reminders(user)).toEqual(made);

    // A new minutes-before setting moves the reminders at the next sync.
    await settings(user, { reminder_minutes_before: 60 });
    await sync(user);
    expect((await reminders(user)).map((r) => [r.id, r.reminder_time]).sort()).toEqual(
      [
        [made.find((r) => r.title === 'Dentist')!.id, iso(new Date(dentist.getTime() - HOUR))],
        [made.find((r) => r.title === 'Standup')!.id, iso(new Date(standup.getTime() - HOUR))],
      ].sort(),
    );
  });

  it('moves the reminder of a moved event and removes the reminder of a cancelled or deleted one', async () => {
    const { user, email } = await connected();
    const [moving, cancelled] = fake.seedEvents(email, [
      { summary: 'Haircut', start: iso(inHours(10)), end: iso(inHours(11)) },
      { summary: 'Lunch', start: iso(inHours(20)), end: iso(inHours(21)) },
    ]);
    expect((await sync(user)).syncedReminders).toBe(2);
    const before = await reminders(user);

    const later = inHours(50);
    fake.updateEvent(email, moving.id, { start: iso(later), end: iso(new Date(later.getTime() + HOUR)) });
    fake.updateEvent(email, cancelled.id, { status: 'cancelled' });
    expect((await sync(user)).syncedReminders).toBe(1);

    const after = await reminders(user);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: before.find((r) => r.title === 'Haircut')!.id, title: 'Haircut', reminder_time: iso(new Date(later.getTime() - 15 * 60_000)) });
    expect((await status(user)).recentSyncs.map((s) => [s.event_title, s.event_start])).toEqual([['Haircut', iso(later)]]);
  });

  it('removes a synced event for its owner only, deleting its reminder for good', async () => {
    const { user: alice, email } = await connected();
    const bob = h.newUser();
    fake.seedEvents(email, [{ summary: 'Piano lesson', start: iso(inHours(8)), end: iso(inHours(9)) }]);
    await sync(alice);
    const [synced] = (await status(alice)).recentSyncs;

    expect(await h.fail(api.calendar.deleteSyncedEvent, { id: synced.id }, bob)).toMatchObject({ kind: 'NOT_FOUND' });
    expect(await h.failUnchecked(api.calendar.deleteSyncedEvent, { id: 'not-a-uuid' }, alice)).toMatchObject({ kind: 'NOT_FOUND' });
    expect((await status(bob)).recentSyncs).toEqual([]);
    expect(await reminders(alice)).toHaveLength(1);

    expect(await h.call(api.calendar.deleteSyncedEvent, { id: synced.id }, alice)).toEqual({ success: true });
    expect(await reminders(alice)).toEqual([]);
    expect((await status(alice)).recentSyncs).toEqual([]);
    expect(await sync(alice)).toEqual({ syncedReminders: 0, syncedCalls: 0 });
    expect(await reminders(alice)).toEqual([]);
    expect(await h.fail(api.calendar.deleteSyncedEvent, { id: synced.id }, alice)).toMatchObject({ kind: 'NOT_FOUND' });
  });

  it("reads only the caller's own calendar", async () => {
    const { user: alice, email } = await connected();
    const { user: bob } = await connected();
    fake.seedEvents(email, [{ summary: 'Secret meeting', start: iso(inHours(6)), end: iso(inHours(7)) }]);
    expect((await sync(bob)).syncedReminders).toBe(0);
    expect(await reminders(bob)).toEqual([]);
    expect((await sync(alice)).syncedReminders).toBe(1);
  });

  it('queues one appointment call to the user’s own phone for an event with a keyword, once per event and start', async () => {
    const { user, email } = await connected('premium');
    smsNumbers.set(user.id, '+15551230001');
    await settings(user, { enabled: true, sync_reminders: false, sync_calls: true, call_keywords: ['dentist'] });
    const start = inHours(12);
    const [checkup] = fake.seedEvents(email, [
      { summary: 'Checkup', description: 'At the DENTIST on Main St', location: '12 Main St', start: iso(start), end: iso(inHours(13)) },
      { summary: 'Gym', start: iso(inHours(14)), end: iso(inHours(15)) },
    ]);

    expect(await sync(user)).toEqual({ syncedReminders: 0, syncedCalls: 1 });
    const calls = () => telephonyStandIn.appointmentCalls.filter((c) => c.userId === user.id);
    expect(calls()).toEqual([
      {
        userId: user.id,
        tier: 'premium',
        phoneNumber: '+15551230001',
        scheduledTime: iso(start),
        appointmentType: 'Checkup',
        location: '12 Main St',
        callId: expect.any(String),
      },
    ]);
    expect(await sync(user)).toEqual({ syncedReminders: 0, syncedCalls: 0 });
    expect(calls()).toHaveLength(1);

    const moved = inHours(40);
    fake.updateEvent(email, checkup.id, { start: iso(moved), end: iso(inHours(41)) });
    expect((await sync(user)).syncedCalls).toBe(1);
    expect(calls().map((c) => c.scheduledTime)).toEqual([iso(start), iso(moved)]);
    // The call at the old time is cancelled.
    expect(telephonyStandIn.cancelled).toContain(calls()[0].callId);
    expect(telephonyStandIn.cancelled).not.toContain(calls()[1].callId);
    const [synced] = (await status(user)).recentSyncs;
    expect(synced).toMatchObject({ event_type: 'call', event_title: 'Checkup', event_start: iso(moved) });

    // Cancelling the event cancels its call.
    fake.updateEvent(email, checkup.id, { status: 'cancelled' });
    expect((await sync(user)).syncedCalls).toBe(0);
    expect(telephonyStandIn.cancelled).toContain(calls()[1].callId);
    expect((await status(user)).recentSyncs).toEqual([]);
  });

  it('cancels the call of a synced event the user removes', async () => {
    const { user, email } = await connected('premium');
    smsNumbers.set(user.id, '+15551230002');
    await settings(user, { sync_reminders: false, sync_calls: true, call_keywords: ['vet'] });
    fake.seedEvents(email, [{ summary: 'Vet visit', start: iso(inHours(9)), end: iso(inHours(10)) }]);
    expect((await sync(user)).syncedCalls).toBe(1);
    const callId = telephonyStandIn.appointmentCalls.find((c) => c.userId === user.id)!.callId!;
    const [synced] = (await status(user)).recentSyncs;
    await h.call(api.calendar.deleteSyncedEvent, { id: synced.id }, user);
    expect(telephonyStandIn.cancelled).toContain(callId);
    expect((await sync(user)).syncedCalls).toBe(0);
  });

  it('calls the phone line when no SMS number is set, and queues nothing without any number', async () => {
    const { user, email } = await connected('premium');
    await settings(user, { sync_reminders: false, sync_calls: true, call_keywords: ['interview'] });
    fake.seedEvents(email, [{ summary: 'Job interview', start: iso(inHours(30)), end: iso(inHours(31)) }]);
    expect((await sync(user)).syncedCalls).toBe(0);
    telephonyStandIn.phoneLines.set(user.id, '+15557654321');
    expect((await sync(user)).syncedCalls).toBe(1);
    expect(telephonyStandIn.appointmentCalls.filter((c) => c.userId === user.id).map((c) => c.phoneNumber)).toEqual(['+15557654321']);
  });

  it('keeps working when the access token expires, and answers 401 CALENDAR_CONNECTION_EXPIRED once the grant is revoked', async () => {
    const { user, email } = await connected();
    fake.seedEvents(email, [{ summary: 'Review', start: iso(inHours(3)), end: iso(inHours(4)) }]);
    await sync(user);
    const refreshes = fake.calls('POST', '/token').length;
    fake.expireAccessTokens();
    expect((await sync(user)).syncedReminders).toBe(0);
    expect(fake.calls('POST', '/token').length).toBeGreaterThan(refreshes);

    fake.revokeGrants(email);
    expect(await h.fail(api.calendar.sync, {}, user)).toMatchObject({ kind: 'UNAUTHENTICATED', code: 'CALENDAR_CONNECTION_EXPIRED' });
    expect((await h.call(api.calendar.connectionStatus, {}, user)).connected).toBe(true);
  });
});

describe('the periodic sync', () => {
  let replica: RunningService;
  beforeAll(async () => {
    replica = await h.startReplica();
  });

  it('syncs users with sync on, once across replicas', async () => {
    const on = await connected('premium');
    const off = await connected();
    knownProfiles.set(on.user.id, { tier: 'premium' });
    await settings(on.user, { enabled: true });
    fake.seedEvents(on.email, [{ summary: 'Board meeting', start: iso(inHours(26)), end: iso(inHours(27)) }]);
    fake.seedEvents(off.email, [{ summary: 'Ignored', start: iso(inHours(26)), end: iso(inHours(27)) }]);

    const now = new Date(Date.now() + 365 * 24 * HOUR); // a window no other test used
    const results = await Promise.all([h.get(CalendarSyncScheduler).sweep(now), replica.app.get(CalendarSyncScheduler).sweep(now)]);
    expect(results.filter((r) => r === null)).toHaveLength(1);
    expect(results.find((r) => r !== null)!.synced).toBeGreaterThanOrEqual(1);

    expect((await reminders(on.user)).map((r) => r.title)).toEqual(['Board meeting']);
    expect((await status(on.user)).lastSyncAt).not.toBeNull();
    expect(await reminders(off.user)).toEqual([]);
    expect((await status(off.user)).lastSyncAt).toBeNull();
  });
});
