import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Serves the built frontend and answers every other browser path with index.html (client-side routes). */
export async function registerStaticFrontend(app: FastifyInstance, dist: string) {
  const index = join(dist, 'index.html');
  if (existsSync(dist)) {
    await app.register(fastifyStatic, {
      root: dist,
      index: false,
      // One route per built file (read once at start) rather than a wildcard: the SPA fallback below owns `/*`.
      wildcard: false,
      // The build writes a gzip copy beside each script and stylesheet (frontend/precompress.config.ts): a browser
      // that accepts gzip gets it, about a third of the bytes, with no compression work per request.
      preCompressed: true,
      maxAge: '1h',
      setHeaders: (reply, path) => {
        if (path.endsWith('.html') || path.endsWith('sw.js')) reply.header('Cache-Control', 'no-cache');
        // Vite names every file under assets/ by its content hash.
        else if (path.includes('/assets/')) reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
  }
  let html: Buffer | undefined;
  app.get('/*', (req, reply) => {
    const path = req.url.split('?')[0];
    if (isServerPath(path)) return reply.code(404).send({ error: 'Not found', code: 'NOT_FOUND' });
    if (!existsSync(index)) {
      return reply.code(503).type('text/plain').send('The frontend is not built yet. Run `npm run build` (npm start does it for you).');
    }
    html ??= readFileSync(index);
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
}

function isServerPath(path: string) {
  return path.startsWith('/api/') || path === '/api' || path === '/health' || path.startsWith('/webhooks/');
}
