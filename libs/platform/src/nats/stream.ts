import { randomUUID } from 'node:crypto';
import type { StreamChunk } from '@jarvis/contracts';
import { headers as natsHeaders, JSONCodec, type MsgHdrs, type NatsConnection } from 'nats';
import { createLogger } from '../logger';

const codec = JSONCodec<StreamChunk>();
const log = createLogger('stream');

/**
 * Reply header with the number of chunks the handler published before replying. The chunks and the reply travel on
 * different subjects, so the caller waits until it has seen that many before it resolves: no token is ever lost
 * behind the final reply, whatever the route between the two connections.
 */
export const STREAM_CHUNKS_HEADER = 'Jarvis-Stream-Chunks';
/** How long a caller waits for chunks still missing after the reply (core NATS may drop them for a slow consumer). */
const LATE_CHUNKS_GRACE_MS = 1_000;

/** What a handler of a streaming endpoint gets as `input.stream` when its caller asked for a streamed reply. */
export interface StreamSink {
  /** Sends one piece of the reply to the caller as it is produced (in order). */
  write(text: string): void;
  /** Aborts when the caller went away (its client disconnected): stop the work and return whatever you have. */
  signal: AbortSignal;
}

export const cancelSubject = (stream: string) => `${stream}.cancel`;
/** A plain subject: no wildcard, no space, so a caller cannot make a handler publish or listen more widely. */
const STREAM_SUBJECT = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*$/;

/**
 * The handler's side of a streamed request: `stream` is the subject the caller subscribed to, used as is (the caller
 * already put its own prefix in it). Listens on `<stream>.cancel` until `end()`, which returns the reply headers.
 * A cancel published before this subscription reached the server is missed; callers that cancel after the first
 * chunk (whose publish follows the subscription on the same connection) are always heard, and the deadline bounds
 * the rest. An unusable subject answers undefined: the handler replies without streaming.
 */
export function openStreamSink(nc: NatsConnection, stream: string): { sink: StreamSink; end(): MsgHdrs } | undefined {
  if (typeof stream !== 'string' || !STREAM_SUBJECT.test(stream)) {
    log.warn({ stream: String(stream).slice(0, 100) }, 'ignoring a malformed stream subject');
    return undefined;
  }
  const controller = new AbortController();
  let written = 0;
  let open = true;
  const cancel = nc.subscribe(cancelSubject(stream), { max: 1, callback: () => controller.abort(new Error('Stream cancelled by the caller')) });
  const sink: StreamSink = {
    signal: controller.signal,
    write(text: string) {
      if (!open || !text) return;
      try {
        nc.publish(stream, codec.encode({ event: 'token', data: text }));
        written++;
      } catch (error) {
        // The connection is closing: the reply will not get through either; the handler need not care.
        log.warn({ err: error }, 'stream chunk not published');
      }
    },
  };
  return {
    sink,
    end() {
      open = false;
      cancel.unsubscribe();
      const h = natsHeaders();
      h.set(STREAM_CHUNKS_HEADER, String(written));
      return h;
    },
  };
}

/** Where an error reply's headers ride on the DomainError it became, so a streamed call can count its chunks. */
const REPLY_HEADERS = Symbol('jarvis:reply-headers');

/** Keeps an error reply's headers with the error it became (RpcClient), for `callStreaming`. */
export function withReplyHeaders<E extends Error>(error: E, headers: MsgHdrs | undefined): E {
  if (headers) Object.defineProperty(error, REPLY_HEADERS, { value: headers });
  return error;
}

function replyHeadersOf(error: unknown): MsgHdrs | undefined {
  return typeof error === 'object' && error !== null ? (error as { [REPLY_HEADERS]?: MsgHdrs })[REPLY_HEADERS] : undefined;
}

export interface StreamOptions {
  /** Called with each token, in order, before the call resolves. */
  onChunk(text: string): void;
  /** Abort (the HTTP client disconnected): the handler is told to stop and the call rejects with the signal's reason. */
  signal?: AbortSignal;
}

/**
 * The caller's side: subscribes to a fresh `<prefix>_stream.<uuid>` subject before `send` issues the request, feeds
 * the chunks to `onChunk`, and resolves with what `send` resolves once every chunk the reply counts was delivered.
 */
export async function callStreaming<T>(
  nc: NatsConnection,
  prefix: string,
  options: StreamOptions,
  send: (stream: string) => Promise<{ data: T; headers?: MsgHdrs }>,
): Promise<T> {
  const { signal } = options;
  signal?.throwIfAborted();
  const stream = `${prefix}_stream.${randomUUID()}`;
  let received = 0;
  let failed: unknown;
  let wake: (() => void) | undefined;
  let rejectAbort: (reason: unknown) => void = () => undefined;
  const aborted = new Promise<never>((_, reject) => (rejectAbort = reject));
  aborted.catch(() => undefined);
  const cancel = (reason: unknown) => {
    if (nc.isClosed()) return rejectAbort(reason);
    nc.publish(cancelSubject(stream));
    rejectAbort(reason);
  };
  const sub = nc.subscribe(stream, {
    callback: (err, msg) => {
      if (err || failed) return;
      received++;
      try {
        options.onChunk(codec.decode(msg.data).data);
      } catch (error) {
        failed = error;
        cancel(error);
      }
      wake?.();
    },
  });
  const onAbort = () => cancel(signal!.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  /** Waits (a little) for the chunks a reply counts that have not arrived yet: the reply may overtake them. */
  const chunksOf = async (headers: MsgHdrs | undefined) => {
    const expected = Number(headers?.get(STREAM_CHUNKS_HEADER) || 0);
    if (received >= expected) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        log.warn({ stream, expected, received }, 'streamed reply finished with chunks missing');
        resolve();
      }, LATE_CHUNKS_GRACE_MS);
      wake = () => {
        if (received < expected) return;
        clearTimeout(timer);
        resolve();
      };
    });
  };
  try {
    const sent = send(stream);
    // The reply to an abandoned call is of no interest; do not let it surface as an unhandled rejection.
    sent.catch(() => undefined);
    let reply: { data: T; headers?: MsgHdrs };
    try {
      reply = await Promise.race([sent, aborted]);
    } catch (error) {
      // An error reply comes after the chunks written before it, like any reply.
      await chunksOf(replyHeadersOf(error));
      throw error;
    }
    await chunksOf(reply.headers);
    if (failed) throw failed;
    return reply.data;
  } catch (error) {
    // A deadline or a bus failure: the handler may still be working for nobody.
    if (!signal?.aborted && !failed && !nc.isClosed()) nc.publish(cancelSubject(stream));
    throw error;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    sub.unsubscribe();
  }
}
