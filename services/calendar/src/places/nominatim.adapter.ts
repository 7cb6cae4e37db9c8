import { Inject, Injectable } from '@nestjs/common';
import { ProviderUnavailableError } from '@jarvis/contracts';
import { providerFetch, type ProviderInfo, providerUrl, unexpectedStatus } from '@jarvis/platform';
import { CALENDAR_CONFIG, type CalendarConfig } from '../config/calendar.config';
import { boundingBox } from './distance';
import { type GeocodedPlace, Geocoder, type SearchArea } from './geocoder.provider';

/** One result of Nominatim's /search with format=jsonv2 (the fields we read; coordinates are strings). */
interface NominatimResult {
  lat?: string;
  lon?: string;
  display_name?: string;
}

const PROVIDER: ProviderInfo = { name: 'Nominatim', variables: ['NOMINATIM_BASE_URL'] };
const PUBLIC_INSTANCE = 'https://nominatim.openstreetmap.org';
/** The deadline of one search: a reminder request never waits longer for its place. */
export const GEOCODE_TIMEOUT_MS = 5_000;
/** The public instance's usage policy allows one request a second; a self-hosted one has no such limit. */
const PUBLIC_INSTANCE_SPACING_MS = 1_000;
/** Longer than this in the line for the public instance, and the search is given up (the place keeps its text). */
const MAX_QUEUE_WAIT_MS = 2_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A result's coordinates (strings in jsonv2) and name, or null when the coordinates are not a place on Earth. */
function placeOf(result: NominatimResult, query: string): GeocodedPlace | null {
  const lat = Number(result.lat);
  const lon = Number(result.lon);
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  return { lat, lon, displayName: result.display_name ?? query };
}

/**
 * OpenStreetMap Nominatim's search API (`GET /search?q=...&format=jsonv2&limit=1`, with `viewbox` and `bounded=1`
 * for a search within an area; `limit=5&countrycodes=us` for the suggestions of a place field) at NOMINATIM_BASE_URL. As the usage policy asks, every request names the application
 * in its User-Agent (with PUBLIC_URL), and requests to the public instance are spaced a second apart in each replica.
 */
@Injectable()
export class NominatimAdapter extends Geocoder {
  private readonly userAgent: string;
  private readonly spacingMs: number;
  private nextSlot = 0;

  constructor(@Inject(CALENDAR_CONFIG) private readonly config: CalendarConfig) {
    super();
    this.userAgent = `Jarvis/1.0 (personal assistant geocoding places named in reminders; ${config.PUBLIC_URL})`;
    this.spacingMs = config.NOMINATIM_BASE_URL.replace(/\/+$/, '') === PUBLIC_INSTANCE ? PUBLIC_INSTANCE_SPACING_MS : 0;
  }

  async search(query: string, within?: SearchArea): Promise<GeocodedPlace | null> {
    const params = new URLSearchParams({ q: query, format: 'jsonv2', limit: '1' });
    if (within) {
      // viewbox is <lon1>,<lat1>,<lon2>,<lat2>; bounded=1 keeps results inside it (and lets 'pharmacy' find one there).
      const box = boundingBox(within, within.radiusMeters);
      params.set('viewbox', [box.minLon, box.maxLat, box.maxLon, box.minLat].map((x) => x.toFixed(6)).join(','));
      params.set('bounded', '1');
    }
    const first = (await this.request(params))[0];
    if (!first) return null;
    const place = placeOf(first, query);
    if (!place) throw new ProviderUnavailableError(PROVIDER.name, PROVIDER.variables, 'it answered a result without valid coordinates');
    return place;
  }

  /** `countrycodes` keeps the results in those countries; a result without valid coordinates is left out. */
  async suggest(query: string, { countryCodes, limit }: { countryCodes: string[]; limit: number }): Promise<GeocodedPlace[]> {
    const params = new URLSearchParams({ q: query, format: 'jsonv2', limit: String(limit) });
    if (countryCodes.length) params.set('countrycodes', countryCodes.join(',').toLowerCase());
    const results = await this.request(params);
    return results
      .slice(0, limit)
      .map((result) => placeOf(result, query))
      .filter((place): place is GeocodedPlace => place !== null);
  }

  /** One `GET /search` with the application's User-Agent, in this replica's turn on the public instance. */
  private async request(params: URLSearchParams): Promise<NominatimResult[]> {
    await this.waitForSlot();
    const url = new URL(providerUrl(this.config.NOMINATIM_BASE_URL, '/search'));
    url.search = params.toString();
    const result = await providerFetch<NominatimResult[]>(
      PROVIDER,
      url.toString(),
      { headers: { 'User-Agent': this.userAgent, Accept: 'application/json', 'Accept-Language': 'en' } },
      GEOCODE_TIMEOUT_MS,
    );
    if (result.status !== 200) throw unexpectedStatus(PROVIDER, result);
    if (!Array.isArray(result.body)) throw new ProviderUnavailableError(PROVIDER.name, PROVIDER.variables, 'it answered something other than a list');
    return result.body;
  }

  /** Takes this replica's next free second on the public instance (no wait elsewhere). */
  private async waitForSlot() {
    if (!this.spacingMs) return;
    const now = Date.now();
    const slot = Math.max(now, this.nextSlot);
    if (slot - now > MAX_QUEUE_WAIT_MS) {
      throw new ProviderUnavailableError(PROVIDER.name, PROVIDER.variables, 'too many searches at once (one a second on the public instance)');
    }
    this.nextSlot = slot + this.spacingMs;
    if (slot > now) await sleep(slot - now);
  }
}
