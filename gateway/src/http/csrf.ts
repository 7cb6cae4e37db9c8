import type { FastifyInstance, FastifyRequest } from 'fastify';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Anything but GET, HEAD and OPTIONS may change state. */
export function changesState(req: FastifyRequest): boolean {
  return !SAFE.has(req.method);
}

/**
 * Whether the router sent the request to the webhook ingress (`/webhooks/:service...` as declared). Decided on the
 * route that matched, never on the URL as sent: the router decodes `/%61pi/contacts` to `/api/contacts` and takes
 * absolute-form targets, so a prefix test on the raw URL can be spelled around. A request that matched no route is
 * no webhook either.
 */
export function isWebhookRoute(req: FastifyRequest): boolean {
  return req.routeOptions.url?.startsWith('/webhooks/') === true;
}

/**
 * A cross-site form cannot set custom headers, so every state-changing request must carry the X-Requested-With header
 * the client always sends, whatever route it reaches (the /api routes, the gateway's own, unknown paths). Webhooks are
 * verified by their provider's signature instead.
 */
export function registerAjaxHeaderRule(app: FastifyInstance) {
  app.addHook('onRequest', (req, reply, done) => {
    if (!changesState(req) || isWebhookRoute(req) || req.headers['x-requested-with']) return done();
    reply.code(403).send({ error: 'Missing X-Requested-With header', code: 'CSRF' });
  });
}
