import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** The OpenAPI document libs/contracts writes at build time (openapi/build-openapi.mjs). */
const OPENAPI_FILE = join(dirname(require.resolve('@jarvis/contracts/package.json')), 'dist', 'openapi.json');
/** Swagger UI's own files, served from our origin and loaded only by /api/docs. */
const SWAGGER_UI_DIR = dirname(require.resolve('swagger-ui-dist/package.json'));
const SWAGGER_UI_FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Jarvis API</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<div id="docs"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>
`;
// A file of its own rather than an inline script, so the Content-Security-Policy needs no 'unsafe-inline' scripts.
const DOCS_INIT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#docs', deepLinking: true });\n`;

/**
 * GET /api/openapi.json: the OpenAPI 3.1 document of every endpoint; GET /api/docs: the same, for people. Both are
 * public: they say nothing the browser client does not already show.
 */
export function registerApiDocs(app: FastifyInstance) {
  let document: Buffer | undefined;
  app.get('/api/openapi.json', (_req, reply) => {
    if (!document && !existsSync(OPENAPI_FILE)) return notBuilt(reply);
    document ??= readFileSync(OPENAPI_FILE);
    return reply.header('Cache-Control', 'no-cache').type('application/json; charset=utf-8').send(document);
  });
  app.get('/api/docs', (_req, reply) => reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(DOCS_PAGE));
  app.get('/api/docs/init.js', (_req, reply) => reply.type('text/javascript; charset=utf-8').send(DOCS_INIT));
  const files = new Map<string, Buffer>();
  for (const [name, type] of Object.entries(SWAGGER_UI_FILES)) {
    app.get(`/api/docs/${name}`, (_req, reply) => {
      if (!files.has(name)) files.set(name, readFileSync(join(SWAGGER_UI_DIR, name)));
      return reply.header('Cache-Control', 'public, max-age=86400').type(type).send(files.get(name));
    });
  }
}

function notBuilt(reply: FastifyReply) {
  return reply.code(503).send({ error: 'The API document is not built yet. Run `npm run build`.', code: 'SERVICE_UNAVAILABLE' });
}
