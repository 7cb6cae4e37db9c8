import { vi } from 'vitest';
import { routeFetch, type FakeRoutes } from '../../test/render';

/** Tests' stand-ins for the browser's position and the reverse geocoder (the location specs, the chat header's). */
export const here = { coords: { latitude: 40.7411, longitude: -73.9897 } } as GeolocationPosition;

export function stubGeolocation(outcome: GeolocationPosition | { code: number }) {
  const getCurrentPosition = vi.fn(
    (ok: PositionCallback, fail: PositionErrorCallback, _options?: PositionOptions) =>
      'coords' in outcome ? ok(outcome) : fail(outcome as GeolocationPositionError),
  );
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition } });
  return getCurrentPosition;
}

/** The API plus the reverse geocoder (any other host), answering 'Manhattan'. */
export function fakeApi(routes: FakeRoutes) {
  const fake = routeFetch(routes);
  const fetch = vi.fn(async (input: string, init?: RequestInit) =>
    input.startsWith('https://')
      ? new Response(JSON.stringify({ city: '', locality: 'Manhattan' }))
      : fake.fetch(input, init),
  );
  vi.stubGlobal('fetch', fetch);
  return fake;
}
