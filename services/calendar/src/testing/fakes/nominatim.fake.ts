import { type LoopbackFake, startLoopback } from '@jarvis/testing';

export interface NominatimFake extends LoopbackFake {
  /** Places the fake knows, by the exact query (`q`) it is asked. */
  places: Map<string, { lat: number; lon: number; display_name: string }>;
  /** 'ok' answers from `places` ([] when unknown), 'error' answers 503, 'slow' answers after `slowMs`. */
  mode: 'ok' | 'error' | 'slow';
  slowMs: number;
}

/**
 * Nominatim's `GET /search?q=...&format=jsonv2&limit=1`: a jsonv2 array with at most `limit` results whose
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
    let found = self.places.get(q);
    // bounded=1: only what lies inside viewbox=<lon1>,<lat1>,<lon2>,<lat2>.
    const viewbox = req.query.get('viewbox')?.split(',').map(Number);
    if (found && viewbox && req.query.get('bounded') === '1') {
      const [lon1, lat1, lon2, lat2] = viewbox;
      const inside =
        found.lat >= Math.min(lat1, lat2) && found.lat <= Math.max(lat1, lat2) && found.lon >= Math.min(lon1, lon2) && found.lon <= Math.max(lon1, lon2);
      if (!inside) found = undefined;
    }
    const limit = Number(req.query.get('limit') ?? '10');
    const results = found
      ? [{ place_id: 1, licence: 'Data © OpenStreetMap contributors, ODbL 1.0.', osm_type: 'node', osm_id: 1, lat: String(found.lat), lon: String(found.lon), category: 'amenity', type: 'pharmacy', place_rank: 30, importance: 0.1, addresstype: 'amenity', name: q, display_name: found.display_name }]
      : [];
    return { body: results.slice(0, limit) };
  });
  return Object.assign(self, fake);
}
