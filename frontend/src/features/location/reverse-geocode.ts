/**
 * The place name of a position (doc2 §7): a reverse-geocoding lookup answering `city`, `locality` or
 * `principalSubdivision` (BigDataCloud's free client endpoint by default; VITE_REVERSE_GEOCODE_URL points at another
 * service with the same answer), 'Unknown Location' when it fails.
 */
export const REVERSE_GEOCODE_URL: string =
  import.meta.env.VITE_REVERSE_GEOCODE_URL ?? 'https://api.bigdatacloud.net/data/reverse-geocode-client';

export const UNKNOWN_LOCATION = 'Unknown Location';

export async function reverseGeocode(
  lat: number,
  lon: number,
  fetchImpl: typeof fetch = fetch,
): Promise<string> {
  try {
    const url = new URL(REVERSE_GEOCODE_URL);
    url.searchParams.set('latitude', String(lat));
    url.searchParams.set('longitude', String(lon));
    url.searchParams.set('localityLanguage', 'en');
    const res = await fetchImpl(url.toString(), { signal: AbortSignal.timeout(5_000) });
    if (!res.ok) return UNKNOWN_LOCATION;
    const body = (await res.json()) as { city?: string; locality?: string; principalSubdivision?: string };
    return (
      body.city?.trim() || body.locality?.trim() || body.principalSubdivision?.trim() || UNKNOWN_LOCATION
    );
  } catch {
    return UNKNOWN_LOCATION;
  }
}
