import type { OutgoingHttpHeaders } from 'node:http';
import type { Endpoint, RequestContext } from '@jarvis/contracts';
import { type RpcClient } from '@jarvis/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorResponse } from '../http/error-response';

export function wantsStream(req: FastifyRequest) {
  return (req.headers.accept ?? '').includes('text/event-stream');
}

/**
 * The headers of every Server-Sent Events answer: those already set on the reply (the security headers), no caching,
 * no proxy buffering.
 */
export function openEventStream(req: FastifyRequest, reply: FastifyReply) {
  reply.hijack();
  reply.raw.writeHead(200, {
    // Lower-case names, as the reply keeps them, so none is sent twice.
    ...(reply.getHeaders() as OutgoingHttpHeaders),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-request-id': req.id,
  });
  reply.raw.flushHeaders();
}

export function sseEvent(event: string, data: unknown) {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * Streams a reply as SSE: `event: token` for each piece the handler produces (a JSON string), then `event: done`
 * with the endpoint's usual JSON, or `event: error` with `{ error, code }` (and the error rethrown, the answer sent).
 * A client that goes away cancels the service's work (the model call stops) and resolves the call.
 */
export async function relayStream(rpc: RpcClient, endpoint: Endpoint, data: unknown, ctx: RequestContext, req: FastifyRequest, reply: FastifyReply) {
  openEventStream(req, reply);
  const res = reply.raw;
  const gone = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) gone.abort();
  });
  try {
    const result = await rpc.stream(endpoint, data, ctx, {
      signal: gone.signal,
      onChunk: (text) => {
        if (!gone.signal.aborted) res.write(sseEvent('token', text));
      },
    });
    if (!gone.signal.aborted) res.end(sseEvent('done', result ?? null));
  } catch (error) {
    if (gone.signal.aborted) return;
    res.end(sseEvent('error', errorResponse(error).body));
    // Answered already; rethrown so the caller knows the call failed (a quota gives its units back).
    throw error;
  }
}
