import { type CustomTransportStrategy, Server } from '@nestjs/microservices';
import { DomainError, type RpcReply, type RpcRequest } from '@jarvis/contracts';
import { JSONCodec, type Msg, type MsgHdrs, type NatsConnection, type Subscription } from 'nats';
import { lastValueFrom } from 'rxjs';
import { toErrorEnvelope } from '../errors';
import { createLogger, withLogContext } from '../logger';
import { decodePayload, encodePayload } from './large-payloads';
import { openStreamSink } from './stream';

const codec = JSONCodec();
const log = createLogger('transport');

/**
 * Nest microservice transport on core NATS. Each `@MessagePattern(subject)` handler is subscribed as
 * `<prefix><subject>` in the service's queue group, so replicas share requests and test runs never see each other.
 * Requests are `{ ctx, data }`; replies are always `{ ok, data | error }`. A request with `stream` (a subject the
 * caller chose, its prefix included, so it is used as is) gives the handler `input.stream`, a `StreamSink`.
 */
export class NatsTransport extends Server implements CustomTransportStrategy {
  private nc?: NatsConnection;
  private readonly subscriptions: Subscription[] = [];
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly options: { queue: string; prefix: string }) {
    super();
  }

  useConnection(nc: NatsConnection) {
    this.nc = nc;
  }

  listen(callback: (error?: unknown) => void) {
    try {
      if (!this.nc) throw new Error('NatsTransport needs a connection before listen()');
      for (const subject of this.messageHandlers.keys()) {
        const sub = this.nc.subscribe(this.options.prefix + subject, {
          queue: this.options.queue,
          callback: (err, msg) => {
            if (err) return log.error({ err }, 'subscription error');
            const task = this.handle(subject, msg).finally(() => this.inFlight.delete(task));
            this.inFlight.add(task);
          },
        });
        this.subscriptions.push(sub);
      }
      // Ready once the server has the subscriptions: a request sent on another connection right after start
      // would otherwise find no responder (a replica started under load answered 503 in tests).
      this.nc.flush().then(() => callback(), (error: unknown) => callback(error));
    } catch (error) {
      callback(error);
    }
  }

  /** Stops taking new requests and waits for the ones being answered. */
  async close() {
    for (const sub of this.subscriptions) sub.unsubscribe();
    this.subscriptions.length = 0;
    await Promise.allSettled([...this.inFlight]);
  }

  on() {
    throw new Error('NatsTransport does not support event listeners');
  }

  unwrap<T>(): T {
    return this.nc as T;
  }

  subjects(): string[] {
    return [...this.messageHandlers.keys()];
  }

  private async handle(subject: string, msg: Msg) {
    let request: RpcRequest;
    try {
      request = await decodePayload<RpcRequest>(this.nc!, msg.data);
    } catch (error) {
      // An expired or unreadable large request is the bus's fault (DomainError); anything else is not JSON.
      const envelope = error instanceof DomainError ? error.toEnvelope() : undefined;
      return this.reply(msg, { ok: false, error: envelope ?? { kind: 'VALIDATION', code: 'VALIDATION', message: 'Malformed request' } });
    }
    const ctx = request.ctx ?? { userId: null, tier: 'free', requestId: 'unknown' };
    await withLogContext({ requestId: ctx.requestId, userId: ctx.userId, subject }, async () => {
      const handler = this.messageHandlers.get(subject)!;
      const stream = request.stream ? openStreamSink(this.nc!, request.stream) : undefined;
      // The handler sees a sink or nothing, never the caller's subject.
      const input = { ...request, stream: stream?.sink };
      try {
        const result = await lastValueFrom(this.transformToObservable(await handler(input)), { defaultValue: null });
        await this.reply(msg, { ok: true, data: result ?? null }, stream?.end());
      } catch (error) {
        await this.reply(msg, { ok: false, error: toErrorEnvelope(error) }, stream?.end());
      }
    });
  }

  /** Never throws: a reply that cannot be stored or sent becomes an error reply, and at worst a log line. */
  private async reply(msg: Msg, body: RpcReply, headers?: MsgHdrs) {
    if (!msg.reply) return;
    try {
      // Over 512 kB the reply crosses by reference through the Object Store (large-payloads.ts).
      msg.respond(await encodePayload(this.nc!, this.options.prefix, body), headers && { headers });
    } catch (error) {
      log.error({ err: error }, 'reply could not be sent');
      try {
        msg.respond(codec.encode({ ok: false, error: toErrorEnvelope(error) } satisfies RpcReply), headers && { headers });
      } catch (again) {
        log.error({ err: again }, 'error reply could not be sent either');
      }
    }
  }
}
