/**
 * A WebSocket client for tests and the bench (the `ws` package, as providers' clients use): connects with the headers
 * a provider sends, collects what the server says, and reports a refused upgrade with its HTTP status.
 */
import WebSocket from 'ws';

/** The server answered the upgrade request with an HTTP status instead of switching protocols. */
export class WebSocketRefusedError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`The WebSocket upgrade was refused with ${status}: ${body}`);
    this.name = 'WebSocketRefusedError';
  }
}

export interface TestWebSocket {
  socket: WebSocket;
  /** Text frames received, in order. */
  texts: string[];
  /** Binary frames received, in order. */
  binaries: Buffer[];
  /** Resolves with the close code and reason once the socket closed. */
  closed: Promise<{ code: number; reason: string }>;
  send(frame: string | Buffer): void;
  close(code?: number, reason?: string): void;
}

/** Opens `url` (ws:// or wss://) with `headers`; rejects with WebSocketRefusedError when the upgrade is refused. */
export function openWebSocket(url: string, headers: Record<string, string> = {}): Promise<TestWebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    const texts: string[] = [];
    const binaries: Buffer[] = [];
    const closed = new Promise<{ code: number; reason: string }>((done) =>
      socket.once('close', (code, reason) => done({ code, reason: reason.toString('utf8') })),
    );
    socket.on('message', (data, isBinary) => {
      const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as Buffer);
      if (isBinary) binaries.push(bytes);
      else texts.push(bytes.toString('utf8'));
    });
    socket.once('unexpected-response', (_req, res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => reject(new WebSocketRefusedError(res.statusCode ?? 0, Buffer.concat(chunks).toString('utf8'))));
      res.on('error', () => reject(new WebSocketRefusedError(res.statusCode ?? 0, '')));
    });
    socket.once('error', (error) => reject(error));
    socket.once('open', () =>
      resolve({
        socket,
        texts,
        binaries,
        closed,
        send: (frame) => socket.send(frame, { binary: typeof frame !== 'string' }),
        close: (code = 1000, reason = '') => socket.close(code, reason),
      }),
    );
  });
}
