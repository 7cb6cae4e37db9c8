import { randomUUID } from 'node:crypto';
import { api, type EventEnvelope, internalApi } from '@jarvis/contracts';
import { EventBus } from '@jarvis/platform';
import { rowsHoldingUser } from '@jarvis/testing';
import { type GoogleFake, startGoogleFake } from '@jarvis/testing/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CalendarHarness, connectCalendar, startCalendar, TEST_ENCRYPTION_KEY } from '../testing/calendar-harness';

let h: CalendarHarness;
let google: GoogleFake;
let reports: { bodies(): { data: { userId: string; service: string } }[] };

beforeAll(async () => {
  google = await startGoogleFake();
  h = await startCalendar('calaccount', { ...google.env(), ENCRYPTION_KEY: TEST_ENCRYPTION_KEY, PUBLIC_URL: 'https://jarvis.example' });
  // identity: the profile (a booking link's title) and the erasure reports.
  await h.published(internalApi.identity.userProfile, { reply: ({ body }) => ({ id: body.data.userId, firstName: 'Ann', tier: 'free' }) });
  reports = await h.published(internalApi.identity.reportAccountErased, { reply: () => ({ recorded: true }) });
});
afterAll(async () => {
  await h?.close();
  await google?.close();
});

const archiveKey = () => randomUUID().replace(/-/g, '').padEnd(64, '0');

/** A user with a reminder at a place, sync settings, a booking link with one booking. */
async function filledUser() {
  const user = h.newUser();
  await h.newReminder(user, { title: "Buy milk when I'm near the pharmacy on 5th Ave", when: 'tomorrow at 9am' });
  await h.newReminder(user, { title: 'Call mom', when: 'someday' });
  await h.call(api.calendar.syncSettings, { sync_reminders: false, reminder_minutes_before: 30, call_keywords: ['dentist'] }, user);
  const { code } = await h.call(internalApi.calendar.ensureBookingLink, {}, user);
  const page = await h.rpc.call(api.calendar.bookingRequest, { code }, { userId: null, tier: 'free', requestId: 'v', clientIp: '203.0.113.9' });
  await h.rpc.call(api.calendar.confirmBooking, { code, selectedSlot: page.available_slots[0].start, bookerName: 'Vic', bookerEmail: 'vic@example.com' }, {
    userId: null, tier: 'free', requestId: 'v', clientIp: '203.0.113.9',
  });
  return { user, code };
}

describe("calendar's part of an account archive", () => {
  it('exports reminders with their places, sync settings, the booking link and its bookings, and the Google account without a token', async () => {
    const { user, code } = await filledUser();
    await connectCalendar(h, google, user, 'ann.export@gmail.com');
    const part = await h.call(internalApi.calendar.accountExport, {}, user);
    const files = part.files;
    expect(files['reminders.json'].map((r) => r.title).sort()).toEqual(["Buy milk when I'm near the pharmacy on 5th Ave", 'Call mom']);
    expect(files['reminders.json'].find((r) => r.title === 'Call mom')).toMatchObject({ whenText: 'someday', reminderTime: null, done: false, place: null });
    expect(files['reminders.json'].find((r) => r.title.startsWith('Buy milk'))?.place).toMatchObject({ placeText: expect.stringMatching(/pharmacy/) });
    expect(files['calendar-settings.json'].sync).toMatchObject({ syncReminders: false, reminderMinutesBefore: 30, callKeywords: ['dentist'] });
    expect(files['calendar-settings.json'].connection).toMatchObject({ googleEmail: 'ann.export@gmail.com', scopes: expect.arrayContaining(['email']) });
    expect(files['booking-links.json']).toEqual([expect.objectContaining({ code, title: 'Meeting with Ann', durationMinutes: 30 })]);
    expect(files['bookings.json']).toEqual([expect.objectContaining({ linkId: files['booking-links.json'][0].id, bookerName: 'Vic', bookerEmail: 'vic@example.com' })]);
    expect(JSON.stringify(part)).not.toMatch(/refresh|sealed|v1\./i);
    expect(part.attachments).toEqual([]);
    // Another user's part holds none of it.
    expect((await h.call(internalApi.calendar.accountExport, {}, h.newUser())).files['reminders.json']).toEqual([]);
  });

  it('imports into another account with new ids, places and bookings remapped, once per archive', async () => {
    const { user } = await filledUser();
    const { files } = await h.call(internalApi.calendar.accountExport, {}, user);
    const bob = h.newUser();
    const key = archiveKey();
    const first = await h.call(internalApi.calendar.accountImport, { archiveKey: key, files }, bob);
    expect(first).toEqual({ imported: true, counts: { 'reminders.json': 2, 'calendar-settings.json': 1, 'booking-links.json': 1, 'bookings.json': 1 } });
    const reminders = await h.call(api.calendar.reminders, {}, bob);
    expect(reminders.map((r) => r.title).sort()).toEqual(files['reminders.json'].map((r) => r.title).sort());
    expect(reminders.map((r) => r.id)).not.toEqual(expect.arrayContaining([files['reminders.json'][0].id]));
    const again = await h.call(internalApi.calendar.accountExport, {}, bob);
    expect(again.files['reminders.json'].find((r) => r.title.startsWith('Buy milk'))?.place?.placeText).toMatch(/pharmacy/);
    expect(again.files['calendar-settings.json'].sync).toMatchObject({ reminderMinutesBefore: 30, callKeywords: ['dentist'] });
    expect(again.files['booking-links.json'][0].code).not.toBe(files['booking-links.json'][0].code);
    expect(again.files['bookings.json']).toEqual([expect.objectContaining({ linkId: again.files['booking-links.json'][0].id, bookerName: 'Vic' })]);

    expect(await h.call(internalApi.calendar.accountImport, { archiveKey: key, files }, bob)).toEqual({ imported: false, counts: {} });
    expect(await h.call(api.calendar.reminders, {}, bob)).toHaveLength(2);
    // The original account is untouched.
    expect(await h.call(api.calendar.reminders, {}, user)).toHaveLength(2);
  });

  it('erases every row of a deleted account and revokes its Google grant once, leaving other users alone', async () => {
    const { user } = await filledUser();
    const { user: other } = await filledUser();
    await connectCalendar(h, google, user, 'ann.erase@gmail.com');
    await h.call(internalApi.calendar.accountImport, { archiveKey: archiveKey(), files: (await h.call(internalApi.calendar.accountExport, {}, other)).files }, user);
    const revokesBefore = google.calls('POST', '/revoke').length;
    const eventId = `account-deleted-${randomUUID()}`;
    await h.get(EventBus).publish('evt.identity.account.deleted', { userId: user.id }, eventId);

    await h.waitFor(() => reports.bodies().some((b) => b.data.userId === user.id && b.data.service === 'calendar'));
    expect(await rowsHoldingUser(h.dataSource, user.id, ['calendar'])).toEqual({});
    expect(google.calls('POST', '/revoke').length - revokesBefore).toBe(1);
    expect(await h.call(api.calendar.reminders, {}, other)).toHaveLength(2);
    expect(await h.call(api.calendar.connectionStatus, {}, user)).toEqual({ connected: false, email: null });

    // A redelivered event (the same id) and identity asking again do nothing more.
    await redeliver(eventId, user.id);
    expect(await h.call(internalApi.calendar.accountErase, { userId: user.id }, null)).toEqual({ done: true });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(reports.bodies().filter((b) => b.data.userId === user.id)).toHaveLength(1);
    expect(google.calls('POST', '/revoke').length - revokesBefore).toBe(1);
  });
});

/** The same event again, as JetStream redelivers it (its id unchanged; a new message id passes the publish dedupe). */
async function redeliver(eventId: string, userId: string) {
  const envelope: EventEnvelope<'evt.identity.account.deleted'> = { id: eventId, name: 'evt.identity.account.deleted', occurredAt: new Date().toISOString(), data: { userId } };
  await h.nc.jetstream().publish(`${h.env.natsPrefix}evt.identity.account.deleted`, JSON.stringify(envelope), { msgID: randomUUID() });
}
