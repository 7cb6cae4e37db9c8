import { api } from '@jarvis/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CalendarHarness, startCalendar } from '../testing/calendar-harness';
import { type NominatimFake, startNominatimFake } from '@jarvis/testing/fakes';

let h: CalendarHarness;
let nominatim: NominatimFake;

beforeAll(async () => {
  nominatim = await startNominatimFake();
  const springfields = ['Illinois', 'Massachusetts', 'Missouri', 'Ohio', 'Oregon', 'Vermont', 'Virginia'];
  springfields.forEach((state, i) =>
    nominatim.places.set(`Springfield ${state}`, { lat: 39 + i / 10, lon: -89 - i / 10, display_name: `Springfield, ${state}, United States` }),
  );
  nominatim.places.set('Union Square', { lat: 40.7359, lon: -73.9911, display_name: 'Union Square, Manhattan, New York, United States' });
  nominatim.places.set('Union Station Toronto', { lat: 43.6453, lon: -79.3806, display_name: 'Union Station, Toronto, Ontario, Canada', country_code: 'ca' });
  h = await startCalendar('place-suggestions', { NOMINATIM_BASE_URL: nominatim.url, PUBLIC_URL: 'https://jarvis.example.com' });
});
afterAll(async () => {
  await h?.close();
  await nominatim?.close();
});
beforeEach(() => {
  nominatim.mode = 'ok';
});

const suggest = (q: string, user = h.newUser()) => h.call(api.calendar.placeSuggestions, { q }, user);

describe('location suggestions (GET /api/places/suggest)', () => {
  it('asks Nominatim for 5 places in the United States, naming the application, and lists them without the country', async () => {
    const asked = nominatim.requests.length;
    const { suggestions } = await suggest('Union');
    const request = nominatim.requests[asked];
    expect(request.path).toBe('/search');
    expect(Object.fromEntries(request.query)).toEqual({ q: 'Union', format: 'jsonv2', limit: '5', countrycodes: 'us' });
    expect(request.headers['user-agent']).toMatch(/^Jarvis\/1\.0 \(.*https:\/\/jarvis\.example\.com\)$/);
    // Toronto's Union Station is in Canada: never suggested.
    expect(suggestions).toEqual([{ label: 'Union Square, Manhattan, New York', lat: 40.7359, lon: -73.9911 }]);
  });

  it('lists at most 5, best first', async () => {
    const { suggestions } = await suggest('Springfield');
    expect(suggestions.map((s) => s.label)).toEqual([
      'Springfield, Illinois',
      'Springfield, Massachusetts',
      'Springfield, Missouri',
      'Springfield, Ohio',
      'Springfield, Oregon',
    ]);
  });

  it('answers the same text typed again, by anyone and in any case, without asking Nominatim again', async () => {
    const first = await suggest('Springfield Ohio');
    const asked = nominatim.requests.length;
    expect(await suggest('  springfield   OHIO ')).toEqual(first);
    expect(nominatim.requests.length).toBe(asked);
  });

  it('answers an empty list when nothing matches', async () => {
    expect(await suggest('Atlantis Road')).toEqual({ suggestions: [] });
  });

  it('refuses fewer than 3 characters with a 400 and asks nobody', async () => {
    const asked = nominatim.requests.length;
    const error = await h.failUnchecked(api.calendar.placeSuggestions, { q: ' ab ' }, h.newUser());
    expect(error).toMatchObject({ kind: 'VALIDATION', message: 'Type at least 3 characters' });
    expect(nominatim.requests.length).toBe(asked);
  });

  it('answers 503 naming Nominatim when it is down', async () => {
    nominatim.mode = 'error';
    const error = await h.fail(api.calendar.placeSuggestions, { q: 'Boston Common' }, h.newUser());
    expect(error).toMatchObject({ kind: 'PROVIDER_UNAVAILABLE' });
    expect(error.message).toMatch(/Nominatim/);
  });

  it('is for signed-in users only', async () => {
    const error = await h.failUnchecked(api.calendar.placeSuggestions, { q: 'Union' });
    expect(error).toMatchObject({ kind: 'UNAUTHENTICATED' });
  });
});
