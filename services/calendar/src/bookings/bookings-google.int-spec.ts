import { api, internalApi } from '@jarvis/contracts';
import type { TestUser } from '@jarvis/testing';
import { type GoogleFake, startGoogleFake } from '@jarvis/testing/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CalendarHarness, connectCalendar, startCalendar, TEST_ENCRYPTION_KEY } from '../testing/calendar-harness';

let fake: GoogleFake;
let h: CalendarHarness;
let emails = 0;

const page = (code: string) => h.call(api.calendar.bookingRequest, { code });
async function owner(): Promise<{ user: TestUser; email: string; code: string }> {
  const user = h.newUser();
  const email = `owner-${++emails}@gmail.com`;
  await connectCalendar(h, fake, user, email);
  return { user, email, code: (await h.call(internalApi.calendar.ensureBookingLink, {}, user)).code };
}

beforeAll(async () => {
  fake = await startGoogleFake();
  h = await startCalendar('bookings-google', { ...fake.env(), ENCRYPTION_KEY: TEST_ENCRYPTION_KEY, BOOKING_REQUESTS_PER_MINUTE: '1000' });
});
afterAll(async () => {
  await h?.close();
  await fake?.close();
});

describe("bookings with the owner's Google Calendar connected", () => {
  it("leaves out the slots the owner's calendar shows busy", async () => {
    const { email, code } = await owner();
    const before = (await page(code)).available_slots;
    const [first, second, third] = before;
    // Busy from the middle of the first slot to the end of the second; an event over the third.
    fake.seedBusy(email, [{ start: new Date(Date.parse(first.start) + 10 * 60_000).toISOString(), end: new Date(Date.parse(second.start) + 30 * 60_000).toISOString() }]);
    fake.seedEvents(email, [{ summary: 'Dentist', start: third.start, end: new Date(Date.parse(third.start) + 30 * 60_000).toISOString() }]);

    const after = (await page(code)).available_slots.map((s) => s.start);
    expect(after).not.toContain(first.start);
    expect(after).not.toContain(second.start);
    expect(after).not.toContain(third.start);
    expect(after).toEqual(before.slice(3).map((s) => s.start));
    expect(await h.fail(api.calendar.confirmBooking, { code, selectedSlot: first.start, bookerName: 'Vic' })).toMatchObject({ kind: 'CONFLICT' });
  });

  it("adds the confirmed booking to the owner's calendar with the booker as attendee", async () => {
    const { user, email, code } = await owner();
    const slot = (await page(code)).available_slots[4];
    const result = await h.call(api.calendar.confirmBooking, { code, selectedSlot: slot.start, bookerName: 'Visitor Vic', bookerEmail: 'vic@example.com' });

    const events = fake.events(email);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      summary: 'Meeting: Visitor Vic',
      start: { dateTime: slot.start },
      end: { dateTime: new Date(Date.parse(slot.start) + 30 * 60_000).toISOString() },
      attendees: [expect.objectContaining({ email: 'vic@example.com', displayName: 'Visitor Vic' })],
    });
    const [row] = await h.dataSource.query('SELECT user_id, google_event_id FROM calendar.bookings WHERE id = $1', [result.bookingId]);
    expect(row).toEqual({ user_id: user.id, google_event_id: events[0].id });
  });

  it("still books, and still shows slots, when the owner's grant was revoked", async () => {
    const { email, code } = await owner();
    fake.revokeGrants(email);
    const slots = (await page(code)).available_slots;
    expect(slots.length).toBeGreaterThan(100);
    expect(await h.call(api.calendar.confirmBooking, { code, selectedSlot: slots[0].start, bookerName: 'Vic' })).toMatchObject({ success: true });
    expect(fake.events(email)).toEqual([]);
  });
});
