import { Inject, Injectable } from '@nestjs/common';
import fastifyWebsocket from '@fastify/websocket';
import {
  allAudioStreams,
  AUDIO_STREAM_FORWARDED_HEADERS,
  type AudioStreamDeclaration,
  ForbiddenError,
  type RequestContext,
  UnauthenticatedError,
} from '@jarvis/contracts';
import { type AudioPipe, AudioStreamRefusedError, createLogger, NATS_CONNECTION, openAudioStream, RpcClient } from '@jarvis/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { NatsConnection } from 'nats';
import type { RawData, WebSocket } from 'ws';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config';
import { sendError } from '../http/error-response';
import { SessionUsers } from '../identity/session-users';

const log = createLogger('audio-streams');
/** A frame larger than this closes the socket (1009): Twilio's media messages are a few hundred bytes. */
const MAX_FRAME_BYTES = 256 * 1024;
/** A stream a replica took but whose upgrade never completed is given back after this long. */
const UPGRADE_GRACE_MS = 10_000;

/** The relay a replica accepted for an upgrade request, until the WebSocket handler takes it. */
const accepted = new WeakMap<FastifyRequest['raw'], AudioPipe>();

/**
 * The audio streams (`libs/contracts/src/audio-streams.ts`): WebSockets accepted here and handed whole to one replica
 * of the owning service. Before the upgrade: the caller is admitted (`access: 'user'`: a signed-in browser of the app's
 * own origin) and the service is asked to take the stream (`access: 'provider'`: it checks the provider's signature
 * over the wss:// URL PUBLIC_URL names); a refusal is an HTTP answer (403, 401, 503...) and no WebSocket is opened.
 * After it: every frame is relayed as it comes, both ways, over the stream's NATS subjects, and a replica that stops
 * answering (no heartbeat for 3 s) ends the socket with 1011, so the client (Twilio) goes on with what follows.
 */
@Injectable()
export class AudioStreamIngress {
  private readonly prefix: string;
  private readonly publicUrl: URL;

  constructor(
    private readonly rpc: RpcClient,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    private readonly sessions: SessionUsers,
  ) {
    this.prefix = config.NATS_SUBJECT_PREFIX;
    this.publicUrl = new URL(config.PUBLIC_URL);
  }

  async register(app: FastifyInstance) {
    await app.register(fastifyWebsocket, { options: { maxPayload: MAX_FRAME_BYTES } });
    for (const declaration of allAudioStreams) {
      app.route({
        method: 'GET',
        url: declaration.path,
        // A plain GET (no upgrade) to a stream's path.
        handler: (_req, reply) => reply.code(426).header('upgrade', 'websocket').send({ error: 'Connect with a WebSocket', code: 'UPGRADE_REQUIRED' }),
        preHandler: async (req, reply) => (req.ws ? this.admit(declaration, req, reply) : undefined),
        wsHandler: (socket: WebSocket, req: FastifyRequest) => this.relay(socket, req),
      });
    }
  }

  /** The URL the client reached as PUBLIC_URL names it, as wss:// (Twilio signs the URL it connected to). */
  streamUrl(requestUrl: string): string {
    return `wss://${this.publicUrl.host}${this.publicUrl.pathname.replace(/\/+$/, '')}${requestUrl}`;
  }

  /** Runs before the upgrade: an answer sent here (an error) is the HTTP response and the socket is never upgraded. */
  private async admit(declaration: AudioStreamDeclaration, req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
    try {
      const ctx = await this.contextFor(declaration, req);
      const mark = req.url.indexOf('?');
      const pipe = await openAudioStream(
        { nc: this.nc, rpc: this.rpc, prefix: this.prefix },
        declaration,
        {
          path: mark === -1 ? req.url : req.url.slice(0, mark),
          query: mark === -1 ? '' : req.url.slice(mark + 1),
          url: this.streamUrl(req.url),
          headers: forwardedHeaders(req),
        },
        ctx,
      );
      accepted.set(req.raw, pipe);
      // The upgrade may still fail (the client left meanwhile): the replica is told at once, or after the grace.
      const giveBack = () => {
        if (accepted.delete(req.raw)) pipe.close(1001, 'The client left before the upgrade');
      };
      req.raw.socket?.once('close', giveBack);
      setTimeout(giveBack, UPGRADE_GRACE_MS).unref();
      return undefined;
    } catch (error) {
      if (error instanceof AudioStreamRefusedError) return reply.code(error.status).send({ error: error.message, code: error.code });
      return sendError(reply, error);
    }
  }

  /**
   * Who is calling: a provider knocks as nobody (the service checks its signature); a browser must be signed in and
   * come from the app's own origin (a WebSocket is not bound by CORS: another site could open one with the cookie).
   */
  private async contextFor(declaration: AudioStreamDeclaration, req: FastifyRequest): Promise<RequestContext> {
    if (declaration.access === 'provider') return { userId: null, tier: 'free', requestId: req.id };
    if (req.headers.origin !== this.publicUrl.origin) throw new ForbiddenError('This stream is only open to the app itself');
    const caller = await this.sessions.resolve(req);
    if (!caller) throw new UnauthenticatedError();
    return { userId: caller.userId, tier: caller.tier, requestId: req.id };
  }

  private relay(socket: WebSocket, req: FastifyRequest) {
    const pipe = accepted.get(req.raw);
    accepted.delete(req.raw);
    if (!pipe || pipe.closed) {
      socket.close(1011, 'The stream could not be opened');
      return;
    }
    pipe.onMessage((frame) => socket.send(frame, { binary: typeof frame !== 'string' }));
    pipe.onClose((end) => {
      if (end.local) return;
      if (end.lost) log.warn({ streamId: pipe.streamId, path: req.routeOptions.url }, 'audio stream lost its replica; closing the socket');
      socket.close(sendableCode(end.code), end.reason);
    });
    socket.on('message', (data: RawData, isBinary: boolean) => {
      const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as Buffer);
      pipe.send(isBinary ? bytes : bytes.toString('utf8'));
    });
    socket.on('close', (code: number, reason: Buffer) => pipe.close(code, reason.toString('utf8')));
  }
}

/** A close code a WebSocket may send (1005, 1006 and 1015 are only ever reported). */
function sendableCode(code: number): number {
  if ((code >= 1000 && code <= 1014 && ![1004, 1005, 1006].includes(code)) || (code >= 3000 && code <= 4999)) return code;
  return 1000;
}

function forwardedHeaders(req: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of AUDIO_STREAM_FORWARDED_HEADERS) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
    else if (Array.isArray(value)) headers[name] = value.join(', ');
  }
  return headers;
}
