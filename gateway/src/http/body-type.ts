import { allEndpoints } from '@jarvis/contracts';
import type { FastifyInstance } from 'fastify';
import { changesState, isWebhookRoute } from './csrf';
import { hasBody } from './unread-body';

const JSON_TYPE = 'application/json';
const MULTIPART_TYPE = 'multipart/form-data';

/** The declared upload endpoints (`bodyKind: 'multipart'`), as `METHOD /path` of their route. */
const UPLOAD_ROUTES = new Set(allEndpoints.filter((e) => e.bodyKind === 'multipart').map((e) => `${e.method} ${e.path}`));

/**
 * A state-changing call sends its body as JSON, or as multipart/form-data to a declared upload endpoint; anything else
 * (text/plain, a form, multipart where JSON is expected) is 415 before the body is read. Those are the bodies a
 * cross-site form can send without a preflight, and no client of ours sends them. A call without a body and without a
 * content type is fine (doc1 sends some POSTs that way). Webhooks take whatever their provider sends; an unknown path
 * is left to its 404.
 */
export function registerBodyTypeRule(app: FastifyInstance) {
  app.addHook('onRequest', (req, reply, done) => {
    const route = req.routeOptions.url;
    if (!changesState(req) || !route || isWebhookRoute(req)) return done();
    const expected = UPLOAD_ROUTES.has(`${req.method} ${route}`) ? MULTIPART_TYPE : JSON_TYPE;
    const type = mediaType(req.headers['content-type']);
    if (type === expected || (type === '' && !hasBody(req.raw))) return done();
    reply.code(415).send({ error: `Unsupported content type: send the request body as ${expected}`, code: 'UNSUPPORTED_MEDIA_TYPE' });
  });
}

/** `Application/JSON; charset=utf-8` → `application/json`. */
function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0].trim().toLowerCase();
}
