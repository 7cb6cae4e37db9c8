const EARTH_RADIUS_METERS = 6_371_008.8;
const rad = (degrees: number) => (degrees * Math.PI) / 180;

export interface LatLon {
  lat: number;
  lon: number;
}

/** Great-circle distance between two positions in metres (haversine, mean Earth radius). */
export function distanceMeters(a: LatLon, b: LatLon): number {
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The latitude and longitude span around `center` that holds every point within `meters`: a cheap first filter in
 * SQL before the exact distance. Near a pole (or across the antimeridian) the longitude span is everything.
 */
export function boundingBox(center: LatLon, meters: number) {
  const dLat = (meters / EARTH_RADIUS_METERS) * (180 / Math.PI);
  const cosLat = Math.cos(rad(center.lat));
  const dLon = cosLat < 1e-6 ? 180 : Math.min(180, dLat / cosLat);
  const wraps = center.lon - dLon < -180 || center.lon + dLon > 180;
  return {
    minLat: center.lat - dLat,
    maxLat: center.lat + dLat,
    minLon: wraps ? -180 : center.lon - dLon,
    maxLon: wraps ? 180 : center.lon + dLon,
  };
}

/** The position `meters` north of `from` (tests place points at an exact distance). */
export function northOf(from: LatLon, meters: number): LatLon {
  return { lat: from.lat + (meters / EARTH_RADIUS_METERS) * (180 / Math.PI), lon: from.lon };
}
