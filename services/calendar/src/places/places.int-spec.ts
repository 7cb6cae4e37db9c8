import { api, internalApi } from '@jarvis/contracts';
import type { TestUser } from '@jarvis/testing';
import { type NominatimFake, startNominatimFake } from '@jarvis/testing/fakes';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CalendarHarness, startCalendar } from '../testing/calendar-harness';
import { northOf } from './distance';
import { PlacesService } from './places.service';

let h: CalendarHarness;
let nominatim: NominatimFake;

const pharmacy = { lat: 40.7392, lon: -73.9903, display_name: 'Duane Reade, 5th Avenue, Manhattan, New York, 10011, United States' };
const unionSquare = { lat: 40.7359, lon: -73.9911, display_name: 'Union Square, Manhattan, New York, United States' };

beforeAll(async () => {
  nominatim = await startNominatimFake();
  nominatim.places.set('pharmacy, 5th Ave', pharmacy);
  nominatim.places.set('Union Square', unionSquare);
  nominatim.places.set('grocery store', { lat: 40.7411, lon: -73.9897, display_name: 'Whole Foods Market, Union Square' });
  h = await startCalendar('places', { NOMINATIM_BASE_URL: nominatim.url, PUBLIC_URL: 'https://jarvis.example.com' });
});
afterAll(async () => {
  await h?.close();
  await nominatim?.close();
});
beforeEach(() => {
  nominatim.mode = 'ok';
});

const near = (user: TestUser, at: { lat: number; lon: number }, radiusMeters?: number) =>
  h.call(internalApi.calendar.placesNear, { ...at, ...(radiusMeters ? { radiusMeters } : {}) }, user);
const placeRow = async (reminderId: string) =>
  ((await h.dataSource.query('SELECT * FROM calendar.reminder_places WHERE reminder_id = $1', [reminderId])) as Record<string, unknown>[])[0];

describe('the place a reminder names', () => {
  it('is geocoded through Nominatim when the reminder is made, and the reminder comes up near it', async () => {
    const alice = h.newUser();
    const asked = nominatim.requests.length;
    const reminder = await h.newReminder(alice, { title: 'buy milk', when: "when I'm near the pharmacy on 5th Ave" });
    expect(reminder).toMatchObject({ title: 'buy milk', when: "when I'm near the pharmacy on 5th Ave", reminder_time: null });

    const request = nominatim.requests[asked];
    expect(request.path).toBe('/search');
    expect(Object.fromEntries(request.query)).toEqual({ q: 'pharmacy, 5th Ave', format: 'jsonv2', limit: '1' });
    expect(request.headers['user-agent']).toMatch(/^Jarvis\/1\.0 \(.*https:\/\/jarvis\.example\.com\)$/);
    expect(await placeRow(reminder.id)).toMatchObject({ place_text: 'the pharmacy on 5th Ave', lat: pharmacy.lat, lon: pharmacy.lon });

    expect(await near(alice, pharmacy)).toEqual({
      places: [{ reminderId: reminder.id, title: 'buy milk', place: 'the pharmacy on 5th Ave', lat: pharmacy.lat, lon: pharmacy.lon, distanceMeters: 0 }],
    });
  });

  it('is read from the title too, and the trigger names only what to do there', async () => {
    const alice = h.newUser();
    const reminder = await h.newReminder(alice, { title: 'pick up dry cleaning near Union Square', when: 'today' });
    expect((await near(alice, unionSquare)).places).toEqual([expect.objectContaining({ reminderId: reminder.id, title: 'pick up dry cleaning', place: 'Union Square' })]);
  });

  it('is not kept, and nothing is asked of Nominatim, for a reminder that names no place', async () => {
    const alice = h.newUser();
    const asked = nominatim.requests.length;
    const reminder = await h.newReminder(alice, { title: 'Call mom', when: 'tomorrow at 5pm' });
    expect(nominatim.requests.length).toBe(asked);
    expect(await placeRow(reminder.id)).toBeUndefined();
    expect(await near(alice, pharmacy)).toEqual({ places: [] });
  });

  it('keeps the reminder and its place text when Nominatim fails, finds nothing or answers too late', async () => {
    const alice = h.newUser();
    nominatim.mode = 'error';
    const failed = await h.newReminder(alice, { title: 'buy milk', when: "when I'm near the pharmacy on 5th Ave" });
    nominatim.mode = 'ok';
    const unknown = await h.newReminder(alice, { title: 'buy bread', when: 'when I get to the bakery on Atlantis Road' });
    nominatim.mode = 'slow';
    const started = Date.now();
    const slow = await h.newReminder(alice, { title: 'buy eggs', when: 'when I get to the grocery store' });
    expect(Date.now() - started).toBeLessThan(7_000);

    const titles = (await h.call(api.calendar.reminders, {}, alice)).map((r) => r.title).sort();
    expect(titles).toEqual(['buy bread', 'buy eggs', 'buy milk']);
    expect(await placeRow(failed.id)).toMatchObject({ place_text: 'the pharmacy on 5th Ave', lat: null, lon: null });
    expect(await placeRow(unknown.id)).toMatchObject({ place_text: 'the bakery on Atlantis Road', lat: null, lon: null });
    expect(await placeRow(slow.id)).toMatchObject({ place_text: 'the grocery store', lat: null, lon: null });
    expect(await near(alice, pharmacy)).toEqual({ places: [] });

    // Edited later with Nominatim back, the place without coordinates is geocoded.
    nominatim.mode = 'ok';
    await h.call(api.calendar.updateReminder, { id: failed.id, title: 'buy oat milk' }, alice);
    expect((await near(alice, pharmacy)).places.map((p) => p.title)).toEqual(['buy oat milk']);
  }, 20_000);

  it('without coordinates is looked up again, at most once an hour, while the user sends positions', async () => {
    const alice = h.newUser();
    nominatim.mode = 'error';
    const reminder = await h.newReminder(alice, { title: 'buy milk', when: "when I'm near the pharmacy on 5th Ave" });
    nominatim.mode = 'ok';
    const lookUps = () => nominatim.requests.filter((r) => r.query.get('q') === 'pharmacy, 5th Ave').length;
    const before = lookUps();

    // Looked up minutes ago: not again yet.
    expect(await near(alice, pharmacy)).toEqual({ places: [] });
    await h.get(PlacesService).settled();
    expect(lookUps()).toBe(before);

    // An hour later, a position looks it up again (near the position first) and the next position finds it.
    await h.dataSource.query(`UPDATE calendar.reminder_places SET looked_up_at = now() - interval '61 minutes' WHERE reminder_id = $1`, [reminder.id]);
    expect(await near(alice, pharmacy)).toEqual({ places: [] });
    await h.get(PlacesService).settled();
    expect(nominatim.requests.at(-1)!.query.get('bounded')).toBe('1');
    expect((await near(alice, pharmacy)).places).toEqual([expect.objectContaining({ reminderId: reminder.id, title: 'buy milk' })]);
    await h.get(PlacesService).settled();
    expect(lookUps()).toBe(before + 1);
  });

  it('follows edits of the title and when, and goes with a deleted reminder', async () => {
    const alice = h.newUser();
    const reminder = await h.newReminder(alice, { title: 'buy milk', when: "when I'm near the pharmacy on 5th Ave" });
    await h.call(api.calendar.updateReminder, { id: reminder.id, when: 'when I get to Union Square' }, alice);
    expect(await placeRow(reminder.id)).toMatchObject({ place_text: 'Union Square', lat: unionSquare.lat });
    expect((await near(alice, unionSquare)).places).toHaveLength(1);

    await h.call(api.calendar.updateReminder, { id: reminder.id, when: 'tomorrow morning' }, alice);
    expect(await placeRow(reminder.id)).toBeUndefined();
    expect(await near(alice, unionSquare)).toEqual({ places: [] });

    await h.call(api.calendar.updateReminder, { id: reminder.id, when: 'when I get to Union Square' }, alice);
    await h.call(api.calendar.deleteReminder, { id: reminder.id }, alice);
    expect(await placeRow(reminder.id)).toBeUndefined();
  });
});

describe('a place looked for near the user', () => {
  it("is searched within the user's area first, then anywhere, and anywhere when no position is saved", async () => {
    const [alice, bob, carol] = [h.newUser(), h.newUser(), h.newUser()];
    // notifications' saved positions: Alice near Union Square, Bob in Paris, Carol none.
    const positions = new Map([
      [alice.id, { hasLocation: true, lat: 40.7359, lon: -73.9911 }],
      [bob.id, { hasLocation: true, lat: 48.8566, lon: 2.3522 }],
    ]);
    const notifications = await h.published<{ ctx: { userId: string } }>('notifications.location.get', {
      reply: ({ body }) => positions.get(body.ctx.userId) ?? { hasLocation: false },
    });
    try {
      const searches = async (user: TestUser) => {
        const asked = nominatim.requests.length;
        const reminder = await h.newReminder(user, { title: 'buy eggs', when: 'when I get to the grocery store' });
        return { reminder, searches: nominatim.requests.slice(asked).map((r) => Object.fromEntries(r.query)) };
      };

      const local = await searches(alice);
      expect(local.searches).toEqual([{ q: 'grocery store', format: 'jsonv2', limit: '1', bounded: '1', viewbox: expect.stringMatching(/^-74\.\d+,40\.\d+,-73\.\d+,40\.\d+$/) }]);
      expect((await near(alice, { lat: 40.7411, lon: -73.9897 })).places).toHaveLength(1);

      const away = await searches(bob);
      expect(away.searches.map((q) => q.bounded ?? 'anywhere')).toEqual(['1', 'anywhere']);
      expect(await placeRow(away.reminder.id)).toMatchObject({ lat: 40.7411, lon: -73.9897 });

      const unknown = await searches(carol);
      expect(unknown.searches).toEqual([{ q: 'grocery store', format: 'jsonv2', limit: '1' }]);

      // Two slow searches (in the area, then anywhere) never hold the reminder past the 6 s budget.
      nominatim.mode = 'slow';
      nominatim.slowMs = 4_000;
      const started = Date.now();
      const slow = await searches(bob);
      expect(Date.now() - started).toBeLessThan(7_500);
      expect(slow.reminder.title).toBe('buy eggs');
      expect(await placeRow(slow.reminder.id)).toMatchObject({ place_text: 'the grocery store', lat: null });
    } finally {
      await notifications.stop();
      nominatim.slowMs = 6_000;
    }
  }, 20_000);
});

describe('reminders near a position', () => {
  it('come within 300 m (290 m yes, 320 m no), nearest first, and a wider radius is asked for', async () => {
    const alice = h.newUser();
    const reminder = await h.newReminder(alice, { title: 'buy milk', when: "when I'm near the pharmacy on 5th Ave" });
    expect((await near(alice, northOf(pharmacy, 290))).places).toEqual([expect.objectContaining({ reminderId: reminder.id, distanceMeters: 290 })]);
    expect(await near(alice, northOf(pharmacy, 320))).toEqual({ places: [] });
    expect((await near(alice, northOf(pharmacy, 320), 500)).places).toHaveLength(1);

    const grocery = await h.newReminder(alice, { title: 'buy eggs', when: 'when I get to the grocery store' });
    expect((await near(alice, pharmacy, 1_000)).places.map((p) => p.reminderId)).toEqual([reminder.id, grocery.id]);
  });

  it("never answers another user's reminders", async () => {
    const [alice, bob] = [h.newUser(), h.newUser()];
    await h.newReminder(alice, { title: 'buy milk', when: "when I'm near the pharmacy on 5th Ave" });
    expect(await near(bob, pharmacy)).toEqual({ places: [] });
    expect((await near(alice, pharmacy)).places).toHaveLength(1);
  });

  it('never answers done reminders, and answers one again once it is not done', async () => {
    const alice = h.newUser();
    const reminder = await h.newReminder(alice, { title: 'buy milk', when: "when I'm near the pharmacy on 5th Ave" });
    await h.call(api.calendar.updateReminder, { id: reminder.id, done: true }, alice);
    expect(await near(alice, pharmacy)).toEqual({ places: [] });
    await h.call(api.calendar.updateReminder, { id: reminder.id, done: false }, alice);
    expect((await near(alice, pharmacy)).places).toHaveLength(1);
  });

  it('refuses a position out of range and a call without a user', async () => {
    const alice = h.newUser();
    expect(await h.failUnchecked(internalApi.calendar.placesNear, { lat: 91, lon: 0 }, alice)).toMatchObject({ kind: 'VALIDATION' });
    expect(await h.failUnchecked(internalApi.calendar.placesNear, { lat: 40, lon: -181 }, alice)).toMatchObject({ kind: 'VALIDATION' });
    expect(await h.failUnchecked(internalApi.calendar.placesNear, { lat: 40, lon: -74 }, null)).toMatchObject({ kind: 'UNAUTHENTICATED' });
  });
});
