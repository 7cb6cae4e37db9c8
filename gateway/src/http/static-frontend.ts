import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** What the operator sets at run time that the built page reads (from its meta tags). */
export interface PageSettings {
  /** CONTRACTS_URL: the contracts document service (meta jarvis-contracts-url). */
  contractsUrl?: string;
}

/**
 * Serves the built frontend and answers every other browser path with index.html (client-side routes). The page is
 * served with the run-time settings in meta tags (no inline script: the CSP forbids it), at `/` and `/index.html` alike
 * (the service worker keeps the latter as its offline shell).
 */
export async function registerStaticFrontend(app: FastifyInstance, dist: string, settings: PageSettings = {}) {
  const index = join(dist, 'index.html');
  if (existsSync(dist)) {
    await app.register(fastifyStatic, {
      root: dist,
      index: false,
      // One route per built file (read once at start) rather than a wildcard: the SPA fallback below owns `/*`.
      wildcard: false,
      // index.html is served by the routes below, with the page settings in it.
      globIgnore: ['index.html'],
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
  let html: string | undefined;
  const page = (req: FastifyRequest, reply: FastifyReply) => {
    const path = req.url.split('?')[0];
    if (isServerPath(path)) return reply.code(404).send({ error: 'Not found', code: 'NOT_FOUND' });
    if (!existsSync(index)) {
      return reply.code(503).type('text/plain').send('The frontend is not built yet. Run `npm run build` (npm start does it for you).');
    }
    html ??= withSettings(readFileSync(index, 'utf8'), settings);
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
  };
  app.get('/index.html', page);
  app.get('/*', page);
}

/** The page with a meta tag for each setting the operator gave, just before </head>. */
export function withSettings(html: string, settings: PageSettings): string {
  const tags = settings.contractsUrl ? `<meta name="jarvis-contracts-url" content="${escapeAttribute(settings.contractsUrl)}" />` : '';
  return tags ? html.replace('</head>', `${tags}</head>`) : html;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function isServerPath(path: string) {
  return path.startsWith('/api/') || path === '/api' || path === '/health' || path.startsWith('/webhooks/');
}
