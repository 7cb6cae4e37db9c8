/** A place found by a geocoder: its coordinates and the name the geocoder gives it. */
export interface GeocodedPlace {
  lat: number;
  lon: number;
  displayName: string;
}

/**
 * Geocodes the places reminders name ('pharmacy, 5th Ave'). Answers null when nothing matches; throws
 * `ProviderUnavailableError` when the geocoder cannot be reached or answers an error.
 */
export abstract class Geocoder {
  abstract search(query: string): Promise<GeocodedPlace | null>;
}
