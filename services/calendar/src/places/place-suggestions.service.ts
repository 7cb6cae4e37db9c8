import { Injectable } from '@nestjs/common';
import { PLACE_SUGGESTION_LIMIT, type PlaceSuggestion } from '@jarvis/contracts';
import { createLogger, RedisConnection } from '@jarvis/platform';
import { type GeocodedPlace, Geocoder } from './geocoder.provider';

const log = createLogger('place-suggestions');
/** Suggestions are for places in the United States only (doc3 §7, §9). */
export const SUGGESTION_COUNTRIES = ['us'];
/**
 * How long the suggestions for one typed text are kept: the same letters typed again (by anyone) do not ask the
 * geocoder again, which the public Nominatim instance's one-request-a-second policy needs.
 */
export const SUGGESTION_CACHE_SECONDS = 24 * 60 * 60;
const COUNTRY_SUFFIX = /,\s*(United States|United States of America|USA)$/i;

/** The name a field shows and fills in: the geocoder's name without the country every suggestion shares. */
export function suggestionLabel(displayName: string): string {
  return displayName.replace(COUNTRY_SUFFIX, '').trim() || displayName;
}

/**
 * Location suggestions of the place fields (GET /api/places/suggest): up to 5 United States places for what the user
 * typed, from the geocoder (Nominatim), the same names once each, kept a day in Redis by their text.
 */
@Injectable()
export class PlaceSuggestionsService {
  constructor(
    private readonly geocoder: Geocoder,
    private readonly redis: RedisConnection,
  ) {}

  async suggest(query: string): Promise<{ suggestions: PlaceSuggestion[] }> {
    const key = this.redis.key('places', 'suggest', query.toLowerCase().replace(/\s+/g, ' '));
    const cached = await this.redis.client.get(key).catch((error: unknown) => {
      log.warn({ err: error }, 'could not read cached suggestions; asking the geocoder');
      return null;
    });
    if (cached) return { suggestions: JSON.parse(cached) as PlaceSuggestion[] };
    const places = await this.geocoder.suggest(query, { countryCodes: SUGGESTION_COUNTRIES, limit: PLACE_SUGGESTION_LIMIT });
    const suggestions = distinct(places).slice(0, PLACE_SUGGESTION_LIMIT);
    await this.redis.client
      .set(key, JSON.stringify(suggestions), 'EX', SUGGESTION_CACHE_SECONDS)
      .catch((error: unknown) => log.warn({ err: error }, 'could not keep the suggestions'));
    return { suggestions };
  }
}

function distinct(places: GeocodedPlace[]): PlaceSuggestion[] {
  const seen = new Set<string>();
  const suggestions: PlaceSuggestion[] = [];
  for (const place of places) {
    const label = suggestionLabel(place.displayName);
    if (seen.has(label.toLowerCase())) continue;
    seen.add(label.toLowerCase());
    suggestions.push({ label, lat: place.lat, lon: place.lon });
  }
  return suggestions;
}
