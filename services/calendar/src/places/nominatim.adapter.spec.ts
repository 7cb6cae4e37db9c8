import { ProviderUnavailableError } from '@jarvis/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CalendarConfig } from '../config/calendar.config';
import { NominatimAdapter } from './nominatim.adapter';

const config = (base: string) => ({ NOMINATIM_BASE_URL: base, PUBLIC_URL: 'https://jarvis.example.com' }) as CalendarConfig;

/** fetch answering `body` and recording when each search was sent. */
function stubFetch(body: unknown = [{ lat: '40.7392', lon: '-73.9903', display_name: 'Duane Reade' }], status = 200) {
  const sentAt: number[] = [];
  const fetch = vi.fn(async (_url: string) => {
    sentAt.push(Date.now());
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, sentAt };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the Nominatim adapter', () => {
  it('reads the first jsonv2 result, whose coordinates are strings', async () => {
    stubFetch();
    expect(await new NominatimAdapter(config('http://geo.test/')).search('pharmacy, 5th Ave')).toEqual({ lat: 40.7392, lon: -73.9903, displayName: 'Duane Reade' });
  });

  it('answers null for no match and a 503 naming Nominatim for an error or a result without coordinates', async () => {
    stubFetch([]);
    expect(await new NominatimAdapter(config('http://geo.test')).search('Atlantis')).toBeNull();
    stubFetch('Service Unavailable', 503);
    await expect(new NominatimAdapter(config('http://geo.test')).search('x')).rejects.toThrow(/Nominatim is unavailable: it answered 503/);
    stubFetch([{ lat: 'north', lon: '1' }]);
    await expect(new NominatimAdapter(config('http://geo.test')).search('x')).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it('suggests up to the limit in the given countries, leaving out a result without coordinates', async () => {
    const { fetch } = stubFetch([
      { lat: '40.7359', lon: '-73.9911', display_name: 'Union Square, Manhattan, New York, United States' },
      { lat: 'north', lon: '1', display_name: 'Nowhere' },
      { lat: '38.8973', lon: '-77.0063', display_name: 'Union Station, Washington, District of Columbia, United States' },
    ]);
    const places = await new NominatimAdapter(config('http://geo.test')).suggest('Union', { countryCodes: ['US'], limit: 5 });
    expect(places.map((p) => p.displayName)).toEqual([
      'Union Square, Manhattan, New York, United States',
      'Union Station, Washington, District of Columbia, United States',
    ]);
    const url = new URL(fetch.mock.calls[0][0]);
    expect(Object.fromEntries(url.searchParams)).toEqual({ q: 'Union', format: 'jsonv2', limit: '5', countrycodes: 'us' });
  });

  it('spaces searches on the public instance a second apart, and gives up rather than queue for long', async () => {
    const { sentAt } = stubFetch();
    const adapter = new NominatimAdapter(config('https://nominatim.openstreetmap.org'));
    const started = Date.now();
    const searches = [adapter.search('a'), adapter.search('b'), adapter.search('c')];
    const late = expect(adapter.search('d')).rejects.toThrow(/one a second/);
    await Promise.all(searches);
    await late;
    expect(sentAt).toHaveLength(3);
    // The slots are a second apart from the first search (a busy machine may only send later, never sooner).
    expect(sentAt[1] - started).toBeGreaterThanOrEqual(990);
    expect(sentAt[2] - started).toBeGreaterThanOrEqual(1_990);
  });

  it('does not wait between searches on a self-hosted instance', async () => {
    const { sentAt } = stubFetch();
    const adapter = new NominatimAdapter(config('http://nominatim.internal:8080'));
    await Promise.all([adapter.search('a'), adapter.search('b'), adapter.search('c')]);
    expect(sentAt[2] - sentAt[0]).toBeLessThan(500);
  });
});
