import { type LoopbackFake, startLoopback } from './loopback';

export interface NominatimFake extends LoopbackFake {
  /**
   * Places the fake knows, by the exact query (`q`) it is asked; a search with `countrycodes` (suggestions) also finds
   * every place whose key or name contains the query, in those countries (`country_code`, 'us' unless given).
   */
  places: Map<string, { lat: number; lon: number; display_name: string; country_code?: string }>;
  /** 'ok' answers from `places` ([] when unknown), 'error' answers 503, 'slow' answers after `slowMs`. */
  mode: 'ok' | 'error' | 'slow';
  slowMs: number;
}

/**
 * Nominatim's `GET /search?q=...&format=jsonv2&limit=1` (and `countrycodes=us`): a jsonv2 array with at most `limit` results whose
 * coordinates are strings, as the real API answers, only inside `viewbox` with `bounded=1`; 403 for a client that
 * does not name itself in its User-Agent (the usage policy blocks those).
 */
export async function startNominatimFake(): Promise<NominatimFake> {
  // The fake itself, read by the route at each request, so a test switches `mode` or adds `places` at any time.
  const self = { places: new Map(), mode: 'ok', slowMs: 6_000 } as NominatimFake;
  const fake = await startLoopback(async (req) => {
    if (req.path !== '/search') return { status: 404, body: { error: 'not found' } };
    const agent = String(req.headers['user-agent'] ?? '');
    if (!agent || /^(node|undici)/i.test(agent)) return { status: 403, body: { error: 'Access blocked: identify your application in the User-Agent' } };
    if (self.mode === 'error') return { status: 503, text: 'Service Unavailable', headers: { 'content-type': 'text/plain' } };
    if (self.mode === 'slow') await new Promise((resolve) => setTimeout(resolve, self.slowMs));
    const q = req.query.get('q') ?? '';
    const countries = req.query.get('countrycodes')?.toLowerCase().split(',');
    const exact = self.places.get(q);
    let found = exact ? [{ key: q, ...exact }] : [];
    if (countries) {
      const typed = q.toLowerCase();
      if (!exact && typed) {
        found = [...self.places]
          .filter(([key, place]) => key.toLowerCase().includes(typed) || place.display_name.toLowerCase().includes(typed))
          .map(([key, place]) => ({ key, ...place }));
      }
      found = found.filter((place) => countries.includes(place.country_code ?? 'us'));
    }
    // bounded=1: only what lies inside viewbox=<lon1>,<lat1>,<lon2>,<lat2>.
    const viewbox = req.query.get('viewbox')?.split(',').map(Number);
    if (viewbox && req.query.get('bounded') === '1') {
      const [lon1, lat1, lon2, lat2] = viewbox;
      found = found.filter(
        (place) => place.lat >= Math.min(lat1, lat2) && place.lat <= Math.max(lat1, lat2) && place.lon >= Math.min(lon1, lon2) && place.lon <= Math.max(lon1, lon2),
      );
    }
    const limit = Number(req.query.get('limit') ?? '10');
    const results = found.map((place, i) => ({
      place_id: i + 1, licence: 'Data © OpenStreetMap contributors, ODbL 1.0.', osm_type: 'node', osm_id: i + 1, lat: String(place.lat), lon: String(place.lon),
      category: 'amenity', type: 'pharmacy', place_rank: 30, importance: 0.1, addresstype: 'amenity', name: place.key, display_name: place.display_name,
    }));
    return { body: results.slice(0, limit) };
  });
  return Object.assign(self, fake);
}
