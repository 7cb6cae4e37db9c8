import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** Past this, an unread body is not read to its end: the connection is closed instead. */
const MAX_DRAIN_BYTES = 64 * 1024 * 1024;
/** A client that stops sending halfway does not hold the answer longer than this. */
const MAX_DRAIN_MS = 10_000;

/**
 * An answer sent before the request body was read (413 for its size, 403 for a missing header, 404 for an unknown
 * route) waits until the rest of the body has arrived and been discarded. Node closes the connection right after such
 * an answer; closing it with bytes still unread makes the kernel reset it, and the reset throws away the answer the
 * client has not read yet (a browser sees a network error instead of the 413).
 */
export function registerUnreadBodyDrain(app: FastifyInstance) {
  app.addHook('onSend', async (req, _reply, payload) => {
    await drained(req.raw);
    return payload;
  });
}

export function drained(raw: IncomingMessage): Promise<void> {
  if (raw.readableEnded || raw.destroyed || !hasBody(raw)) return Promise.resolve();
  const length = Number(raw.headers['content-length']);
  if (length > MAX_DRAIN_BYTES) return Promise.resolve();
  return new Promise((resolve) => {
    let read = 0;
    const done = () => {
      clearTimeout(timer);
      raw.off('data', count).off('end', done).off('error', done).off('close', done);
      resolve();
    };
    const count = (chunk: Buffer) => {
      read += chunk.length;
      if (read > MAX_DRAIN_BYTES) done();
    };
    const timer = setTimeout(done, MAX_DRAIN_MS);
    raw.on('data', count).once('end', done).once('error', done).once('close', done);
    raw.resume();
  });
}

/** Whether the request announces a body (a length above 0, or a chunked one). */
export function hasBody(raw: IncomingMessage): boolean {
  const length = raw.headers['content-length'];
  return (length !== undefined && length !== '0') || raw.headers['transfer-encoding'] !== undefined;
}
