import type { FastifyInstance } from 'fastify';

/**
 * A call that says its body is JSON and sends none (doc1 §7: POST /api/push/test goes with a JSON content type and no
 * body) is read as a call without a body, as for any other content type, instead of Fastify's 400 'empty JSON body'.
 * Everything else is Fastify's own JSON parser: prototype poisoning refused, bad JSON a 400.
 */
export function registerEmptyJsonBody(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    return parseJson(req, String(body), done);
  });
}
