import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { enterLogContext } from '@jarvis/platform';

const VALID_ID = /^[A-Za-z0-9._-]{8,100}$/;

/** Keeps a sane incoming X-Request-Id, or makes one; Fastify stores it as `request.id`. */
export function requestIdOf(req: { headers: Record<string, string | string[] | undefined> }): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && VALID_ID.test(incoming) ? incoming : randomUUID();
}

/** Echoes the request id and puts it in every log line written while the request is handled. */
export function registerRequestContext(app: FastifyInstance) {
  app.addHook('onRequest', (req: FastifyRequest, reply, done) => {
    reply.header('X-Request-Id', req.id);
    enterLogContext({ requestId: req.id });
    done();
  });
  // Body parsing resumes on the socket's own async context; enter it again just before the handler runs.
  app.addHook('preHandler', (req, _reply, done) => {
    enterLogContext({ requestId: req.id });
    done();
  });
}
