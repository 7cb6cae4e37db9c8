import { api, type EventEnvelope, internalApi, type RequestContext } from '@jarvis/contracts';
import type { Published, TestUser } from '@jarvis/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CalendarHarness, startCalendar } from '../testing/calendar-harness';
import { knownProfiles, startIdentityStandIn } from '../testing/stand-ins';

const RATE_LIMIT = 40;

let h: CalendarHarness;
let identity: { close(): Promise<void> };
let confirmed: Published<EventEnvelope<'evt.calendar.booking.confirmed'>>;

/** A visitor's context as the gateway sends it for a public endpoint, from its own address. */
let visitorCount = 0;
function visitor(ip = `203.0.113.${++visitorCount % 250}`): RequestContext & { clientIp: string } {
  return { userId: null, tier: 'free', requestId: `req-${Math.random()}`, clientIp: ip };
}
const linkOf = async (user: TestUser) => (await h.call(internalApi.calendar.ensureBookingLink, {}, user)).code;
const page = (code: string, ctx = visitor()) => h.rpc.call(api.calendar.bookingRequest, { code }, ctx);
const confirm = (code: string, input: { selectedSlot: string; bookerName: string; bookerEmail?: string }, ctx = visitor()) =>
  h.rpc.call(api.calendar.confirmBooking, { code, ...input }, ctx);

beforeAll(async () => {
  h = await startCalendar('bookings', { BOOKING_REQUESTS_PER_MINUTE: String(RATE_LIMIT) });
  identity = await startIdentityStandIn(h);
  confirmed = await h.published('evt.calendar.booking.confirmed');
});
afterAll(async () => {
  await identity?.close();
  await h?.close();
});

describe('GET /api/booking-requests/:code', () => {
  it("shows the owner's first name, 30 minutes, and weekday slots 9:00-17:00 New York time", async () => {
    const alice = h.newUser();
    knownProfiles.set(alice.id, { firstName: 'Alice' });
    const booking = await page(await linkOf(alice));
    expect(booking.title).toBe('Meeting with Alice');
    expect(booking.duration_minutes).toBe(30);
    // 14 days hold 10 weekdays of 16 slots; today's past slots are gone.
    expect(booking.available_slots.length).toBeGreaterThan(140);
    expect(booking.available_slots.length).toBeLessThanOrEqual(160);
    for (const slot of booking.available_slots) {
      const start = new Date(slot.start);
      expect(start.getTime()).toBeGreaterThan(Date.now());
      const ny = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', weekday: 'short', hour: 'numeric', minute: '2-digit', hour12: false }).format(start);
      expect(ny).toMatch(/^(Mon|Tue|Wed|Thu|Fri) (09|1[0-6]):(00|30)$/);
      expect(slot.displayText).toMatch(/^(Monday|Tuesday|Wednesday|Thursday|Friday), \w+ \d{1,2} at \d{1,2}:(00|30) (AM|PM)$/);
    }
  });

  it("titles a link 'Meeting' when the owner's first name is unknown", async () => {
    expect((await page(await linkOf(h.newUser()))).title).toBe('Meeting');
  });

  it('answers 404 for an unknown code', async () => {
    await expect(page('nosuchcode')).rejects.toMatchObject({ kind: 'NOT_FOUND' });
  });
});

describe('POST /api/booking-requests/:code/confirm', () => {
  it('books an offered slot, removes it from the page, and tells notifications', async () => {
    const alice = h.newUser();
    const code = await linkOf(alice);
    const slot = (await page(code)).available_slots[3];
    const result = await confirm(code, { selectedSlot: slot.start, bookerName: 'Visitor Vic', bookerEmail: 'vic@example.com' });
    expect(result).toMatchObject({ success: true, start: slot.start });
    const after = await page(code);
    expect(after.available_slots.map((s) => s.start)).not.toContain(slot.start);

    const event = await h.waitFor(() => confirmed.bodies().find((e) => e.data.bookingId === result.bookingId));
    expect(event.data).toEqual({
      bookingId: result.bookingId,
      userId: alice.id,
      start: slot.start,
      bookerName: 'Visitor Vic',
    });
    const [row] = await h.dataSource.query('SELECT user_id, booker_name, booker_email FROM calendar.bookings WHERE id = $1', [result.bookingId]);
    expect(row).toEqual({ user_id: alice.id, booker_name: 'Visitor Vic', booker_email: 'vic@example.com' });
  });

  it('lets exactly one of 20 visitors confirming the same slot at once win; the others get 409', async () => {
    const code = await linkOf(h.newUser());
    const slot = (await page(code)).available_slots[5];
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => confirm(code, { selectedSlot: slot.start, bookerName: `Visitor ${i}` })),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(19);
    for (const r of lost) expect(r.reason).toMatchObject({ kind: 'CONFLICT', message: 'This time was just taken. Please choose another.' });
    const [{ count }] = await h.dataSource.query('SELECT count(*)::int AS count FROM calendar.bookings WHERE start_at = $1 AND link_id = (SELECT id FROM calendar.booking_links WHERE code = $2)', [slot.start, code]);
    expect(count).toBe(1);
  });

  it('refuses a slot that is not offered: a weekend, outside hours, the past, not a time', async () => {
    const code = await linkOf(h.newUser());
    const saturdayNoon = nextWeekday(6, 17); // 12:00 in New York is 17:00 UTC in winter, 16:00 in summer
    for (const selectedSlot of [saturdayNoon, '2020-01-06T14:00:00.000Z', 'tomorrow at noon']) {
      await expect(confirm(code, { selectedSlot, bookerName: 'Vic' })).rejects.toMatchObject({
        kind: 'VALIDATION',
        message: 'This time is not available. Please choose another.',
      });
    }
  });

  it('needs a name of at most 100 characters and a valid e-mail when one is given', async () => {
    const code = await linkOf(h.newUser());
    const slot = (await page(code)).available_slots[0].start;
    expect(await h.failUnchecked(api.calendar.confirmBooking, { code, selectedSlot: slot, bookerName: '   ' })).toMatchObject({
      kind: 'VALIDATION',
      message: 'Please enter your name to continue',
    });
    expect(await h.failUnchecked(api.calendar.confirmBooking, { code, selectedSlot: slot, bookerName: 'x'.repeat(101) })).toMatchObject({
      kind: 'VALIDATION',
      message: 'Your name can be at most 100 characters',
    });
    expect(await h.failUnchecked(api.calendar.confirmBooking, { code, selectedSlot: slot, bookerName: 'Vic', bookerEmail: 'not-an-email' })).toMatchObject({
      kind: 'VALIDATION',
    });
    expect(await h.failUnchecked(api.calendar.confirmBooking, { code, selectedSlot: '', bookerName: 'Vic' })).toMatchObject({
      kind: 'VALIDATION',
      message: 'Please select a time slot to continue',
    });
    // The same slot with a blank e-mail is fine: it is optional.
    expect(await h.call(api.calendar.confirmBooking, { code, selectedSlot: slot, bookerName: 'Vic', bookerEmail: '' })).toMatchObject({ success: true });
  });

  it("keeps two owners' links apart: a booking on one leaves the other's slots free", async () => {
    const [alice, bob] = [h.newUser(), h.newUser()];
    const [aliceCode, bobCode] = [await linkOf(alice), await linkOf(bob)];
    const slot = (await page(aliceCode)).available_slots[2].start;
    await confirm(aliceCode, { selectedSlot: slot, bookerName: 'Vic' });
    expect((await page(bobCode)).available_slots.map((s) => s.start)).toContain(slot);
    expect((await confirm(bobCode, { selectedSlot: slot, bookerName: 'Wendy' })).success).toBe(true);
    const rows: { user_id: string }[] = await h.dataSource.query('SELECT user_id FROM calendar.bookings WHERE start_at = $1 AND user_id = ANY($2)', [slot, [alice.id, bob.id]]);
    expect(rows.map((r) => r.user_id).sort()).toEqual([alice.id, bob.id].sort());
  });

  it('answers 404 for an unknown code', async () => {
    await expect(confirm('nosuchcode', { selectedSlot: new Date().toISOString(), bookerName: 'Vic' })).rejects.toMatchObject({ kind: 'NOT_FOUND' });
  });
});

describe('per-visitor limit', () => {
  it(`answers 429 with Retry-After once one address makes more than ${RATE_LIMIT} booking calls a minute`, async () => {
    const code = await linkOf(h.newUser());
    const ip = '198.51.100.7';
    const results = await Promise.allSettled(Array.from({ length: RATE_LIMIT + 5 }, () => page(code, visitor(ip))));
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(results.filter((r) => r.status === 'fulfilled').length).toBeLessThanOrEqual(RATE_LIMIT);
    expect(refused.length).toBeGreaterThanOrEqual(5);
    expect(refused[0].reason).toMatchObject({ kind: 'RATE_LIMITED' });
    const retryAfter = refused[0].reason.details.retryAfterSeconds;
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another visitor is not held back.
    expect((await page(code, visitor('198.51.100.8'))).available_slots.length).toBeGreaterThan(0);
  });
});

/** The next given weekday (0 Sunday ... 6 Saturday) at `utcHour`:00 UTC, as an ISO string. */
function nextWeekday(weekday: number, utcHour: number): string {
  const d = new Date();
  d.setUTCHours(utcHour, 0, 0, 0);
  do d.setUTCDate(d.getUTCDate() + 1);
  while (d.getUTCDay() !== weekday);
  return d.toISOString();
}
