/**
 * Loopback fakes of third-party APIs: a real HTTP server on 127.0.0.1 that speaks the provider's wire protocol, so a
 * test points the real SDK or adapter at it through `<PROVIDER>_BASE_URL` and the code users run is the code tested.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: any;
  /** Set when the client closed the connection before a streamed reply was complete. */
  disconnected?: boolean;
}

export interface FakeReply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** A raw body (an HTML page of a fake's hosted screen) instead of JSON; set its content-type in `headers`. */
  text?: string;
  /** Server-sent events instead of a JSON body: each is written as `data: <json>`, `delayMs` apart, then `[DONE]`. */
  sse?: { events: unknown[]; delayMs?: number };
}

export type FakeRoute = (req: RecordedRequest) => FakeReply | Promise<FakeReply>;

export interface LoopbackFake {
  url: string;
  requests: RecordedRequest[];
  last(): RecordedRequest;
  close(): Promise<void>;
}

/** An HTTP server on 127.0.0.1 and a random port that records every request and answers through `route`. */
export async function startLoopback(route: FakeRoute): Promise<LoopbackFake> {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    let body: unknown = raw;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      /* not JSON */
    }
    const recorded: RecordedRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body };
    requests.push(recorded);
    try {
      const reply = await route(recorded);
      if (reply.sse) return await writeEvents(res, recorded, reply.sse);
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
      res.end(reply.text ?? JSON.stringify(reply.body));
    } catch (error) {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: String(error) }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    last: () => requests[requests.length - 1],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** OpenAI's streaming wire format; stops early and marks the request when the client hangs up. */
async function writeEvents(res: ServerResponse, recorded: RecordedRequest, sse: NonNullable<FakeReply['sse']>) {
  let open = true;
  res.on('close', () => {
    if (!res.writableEnded) recorded.disconnected = true;
    open = false;
  });
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const event of sse.events) {
    if (!open) return;
    res.write(`data: ${JSON.stringify(event)}\n\n`);
    if (sse.delayMs) await new Promise((r) => setTimeout(r, sse.delayMs));
  }
  if (open) res.end('data: [DONE]\n\n');
}
