import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: any;
}

export interface FakeReply {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
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
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
      res.end(JSON.stringify(reply.body));
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
