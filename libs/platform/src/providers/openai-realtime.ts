import { connect as netConnect, type NetConnectOpts } from 'node:net';
import { ProviderUnavailableError } from '@jarvis/contracts';
import type OpenAI from 'openai';
import { OpenAIRealtimeWS } from 'openai/realtime/ws';
import { OPENAI_VARIABLES } from './openai';

export { OpenAIRealtimeWS };

/**
 * Opens a Realtime session over WebSocket with the official SDK (`OpenAIRealtimeWS`), on the client an
 * `OpenAiConnection` built, so OPENAI_BASE_URL applies: `<base>/realtime?model=<model>`. The SDK always asks for
 * wss://; a base URL on plain http (a local server, the tests' fake) gets a plain WebSocket instead, as it serves no
 * TLS. Resolves once the socket is open; a model that cannot be reached, refuses the key, or takes longer than
 * `timeoutMs` is ProviderUnavailableError (the SDK's error, which holds the request and its key, never goes on).
 */
export async function openRealtimeSession(client: OpenAI, model: string, timeoutMs: number, name = 'The realtime model'): Promise<OpenAIRealtimeWS> {
  const plain = new URL(client.baseURL).protocol === 'http:';
  const options = {
    handshakeTimeout: timeoutMs,
    // ws connects a wss:// URL over TLS unless told how to connect: over plain TCP for an http:// base URL.
    ...(plain && { createConnection: (opts: NetConnectOpts) => netConnect({ ...opts, path: undefined } as NetConnectOpts) }),
  };
  let session: OpenAIRealtimeWS;
  try {
    session = await OpenAIRealtimeWS.create(client, { model, options: options as never });
  } catch {
    throw new ProviderUnavailableError(name, OPENAI_VARIABLES, 'the realtime session could not be opened');
  }
  // The SDK turns a socket error into an 'error' event, and into an unhandled rejection when nobody listens.
  session.on('error', () => undefined);
  const socket = session.socket;
  await new Promise<void>((resolve, reject) => {
    const fail = (reason: string) => {
      clearTimeout(timer);
      socket.removeAllListeners('open');
      socket.terminate();
      reject(new ProviderUnavailableError(name, OPENAI_VARIABLES, reason));
    };
    const timer = setTimeout(() => fail(`it did not answer within ${Math.round(timeoutMs / 100) / 10} s`), timeoutMs);
    socket.once('open', () => {
      clearTimeout(timer);
      resolve();
    });
    socket.once('unexpected-response', (_req, res) => fail(res.statusCode === 401 || res.statusCode === 403 ? 'the API key was rejected (check OPENAI_API_KEY)' : `it answered ${res.statusCode}`));
    socket.once('error', () => fail('it could not be reached (check OPENAI_BASE_URL)'));
  });
  return session;
}
