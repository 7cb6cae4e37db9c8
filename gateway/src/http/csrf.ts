import type { FastifyInstance } from 'fastify';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A cross-site form cannot set custom headers, so every state-changing /api call must carry the
 * X-Requested-With header the client always sends. Webhooks (/webhooks) are verified by signature instead.
 */
export function registerAjaxHeaderRule(app: FastifyInstance) {
  app.addHook('onRequest', (req, reply, done) => {
    if (SAFE.has(req.method) || !req.url.startsWith('/api/') || req.headers['x-requested-with']) return done();
    reply.code(403).send({ error: 'Missing X-Requested-With header', code: 'CSRF' });
  });
}
