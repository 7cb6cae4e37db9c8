import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RawRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** The body byte for byte (multipart uploads and audio stay intact). */
  raw: Buffer;
  /** The body parsed as JSON, when it is JSON. */
  json?: any;
}

export interface RawReply {
  status?: number;
  /** A Buffer is sent as it is with `contentType`; anything else as JSON. */
  body?: unknown;
  contentType?: string;
  /**
   * A streamed body instead: each chunk written `delayMs` apart (chunked transfer), stopping early when the client goes
   * away; `onEnd` learns how many chunks left and whether the client hung up first.
   */
  stream?: { chunks: Buffer[]; delayMs: number; onEnd?: (sent: number, aborted: boolean) => void };
}

export interface RawFake {
  url: string;
  requests: RawRequest[];
  close(): Promise<void>;
}

/**
 * A loopback HTTP server for providers that take uploads or answer with audio bytes (the JSON-only `startLoopback`
 * cannot): it records every request and answers through `route`.
 */
export async function startRawFake(route: (req: RawRequest) => RawReply | Promise<RawReply>): Promise<RawFake> {
  const requests: RawRequest[] = [];
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    let json: unknown;
    if (String(req.headers['content-type'] ?? '').includes('json')) json = JSON.parse(raw.toString('utf8'));
    const url = new URL(req.url ?? '/', 'http://fake');
    const recorded: RawRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, raw, json };
    requests.push(recorded);
    const reply = await route(recorded);
    if (reply.stream) return writeChunks(res, reply.status ?? 200, reply.contentType ?? 'application/octet-stream', reply.stream);
    if (Buffer.isBuffer(reply.body)) {
      res.writeHead(reply.status ?? 200, { 'content-type': reply.contentType ?? 'application/octet-stream', 'content-length': reply.body.length });
      res.end(reply.body);
      return;
    }
    res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(reply.body ?? {}));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

export interface MultipartPart {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

/** Splits a multipart/form-data body into its parts, as a provider reads an upload. */
export function parseMultipart(req: RawRequest): MultipartPart[] {
  const boundary = /boundary="?([^";]+)"?/.exec(String(req.headers['content-type'] ?? ''))?.[1];
  if (!boundary) return [];
  const body = req.raw.toString('latin1');
  return body
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((chunk) => {
      const [head, ...rest] = chunk.replace(/^\r\n/, '').split('\r\n\r\n');
      const content = rest.join('\r\n\r\n').replace(/\r\n$/, '');
      return {
        name: /name="([^"]*)"/.exec(head)?.[1] ?? '',
        filename: /filename="([^"]*)"/.exec(head)?.[1],
        contentType: /content-type:\s*([^\r\n]+)/i.exec(head)?.[1]?.trim(),
        data: Buffer.from(content, 'latin1'),
      };
    });
}

async function writeChunks(res: ServerResponse, status: number, contentType: string, stream: NonNullable<RawReply['stream']>) {
  let open = true;
  res.on('close', () => (open = false));
  res.writeHead(status, { 'content-type': contentType });
  let sent = 0;
  for (const chunk of stream.chunks) {
    if (!open) break;
    res.write(chunk);
    sent++;
    await new Promise((resolve) => setTimeout(resolve, stream.delayMs));
  }
  const aborted = !open;
  if (open) res.end();
  stream.onEnd?.(sent, aborted);
}
