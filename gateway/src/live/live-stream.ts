import { type BeforeApplicationShutdown, Inject, Injectable } from '@nestjs/common';
import { api, liveUserWildcard, UnauthenticatedError } from '@jarvis/contracts';
import { handledSubjects, NATS_CONNECTION } from '@jarvis/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { JSONCodec, type NatsConnection } from 'nats';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config';
import { sendError } from '../http/error-response';
import { SessionEndings } from '../http/session-endings';
import { SessionUsers } from '../identity/session-users';
import { openEventStream, sseEvent } from '../proxy/sse-relay';

const HEARTBEAT_MS = 25_000;
const codec = JSONCodec();

(handledSubjects() as Set<string>).add(api.identity.live.subject);

interface OpenStream {
  sessionId: string;
  close(): void;
}

/**
 * `GET /api/live`: the caller's own events, published by any service on `live.<userId>.<kind>`, relayed as SSE
 * (`event: <kind>`), with a heartbeat comment every 25 s. The stream closes when its session ends.
 */
@Injectable()
export class LiveStream implements BeforeApplicationShutdown {
  private readonly open = new Set<OpenStream>();
  private readonly prefix: string;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    private readonly sessions: SessionUsers,
    sessionEndings: SessionEndings,
  ) {
    this.prefix = config.NATS_SUBJECT_PREFIX;
    sessionEndings.onEnded((sessionId) => {
      for (const stream of [...this.open]) if (stream.sessionId === sessionId) stream.close();
    });
  }

  register(app: FastifyInstance) {
    app.get(api.identity.live.path, (req, reply) => this.handle(req, reply));
  }

  private async handle(req: FastifyRequest, reply: FastifyReply) {
    const caller = await this.sessions.resolve(req).catch(() => null);
    if (!caller) return sendError(reply, new UnauthenticatedError());
    openEventStream(req, reply);
    const res = reply.raw;
    res.write(': connected\n\n');
    const root = this.prefix + liveUserWildcard(caller.userId).slice(0, -1);
    const sub = this.nc.subscribe(this.prefix + liveUserWildcard(caller.userId), {
      callback: (_err, msg) => {
        const kind = msg.subject.slice(root.length);
        let data: unknown = {};
        try {
          data = (codec.decode(msg.data) as { data?: unknown }).data ?? {};
        } catch {
          /* an event without a body still says what changed */
        }
        res.write(sseEvent(kind, data));
      },
    });
    const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);
    const stream: OpenStream = {
      sessionId: req.session.sessionId,
      close: () => {
        clearInterval(heartbeat);
        sub.unsubscribe();
        this.open.delete(stream);
        if (!res.writableEnded) res.end();
      },
    };
    this.open.add(stream);
    res.on('close', () => stream.close());
  }

  /**
   * A stopping gateway ends its streams before its HTTP server closes (which waits for every open response): the
   * browsers reconnect, to another replica.
   */
  beforeApplicationShutdown() {
    for (const stream of [...this.open]) stream.close();
  }
}
