/** A place found by a geocoder: its coordinates and the name the geocoder gives it. */
export interface GeocodedPlace {
  lat: number;
  lon: number;
  displayName: string;
}

/** Where to look: only within `radiusMeters` of a position (the user's last one). */
export interface SearchArea {
  lat: number;
  lon: number;
  radiusMeters: number;
}

/**
 * Geocodes the places reminders name ('pharmacy, 5th Ave'), anywhere or only within an area. Answers null when
 * nothing matches; throws `ProviderUnavailableError` when the geocoder cannot be reached or answers an error.
 */
export abstract class Geocoder {
  abstract search(query: string, within?: SearchArea): Promise<GeocodedPlace | null>;
  /**
   * Up to `limit` places matching what the user typed so far, only in the given countries (ISO 3166-1 alpha-2
   * codes), best first; [] when nothing matches. Throws `ProviderUnavailableError` like `search`.
   */
  abstract suggest(query: string, options: { countryCodes: string[]; limit: number }): Promise<GeocodedPlace[]>;
}
