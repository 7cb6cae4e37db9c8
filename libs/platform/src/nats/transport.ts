import { type CustomTransportStrategy, Server } from '@nestjs/microservices';
import type { RpcReply, RpcRequest } from '@jarvis/contracts';
import { JSONCodec, type Msg, type NatsConnection, type Subscription } from 'nats';
import { lastValueFrom } from 'rxjs';
import { toErrorEnvelope } from '../errors';
import { createLogger, withLogContext } from '../logger';

const codec = JSONCodec();
const log = createLogger('transport');

/**
 * Nest microservice transport on core NATS. Each `@MessagePattern(subject)` handler is subscribed as
 * `<prefix><subject>` in the service's queue group, so replicas share requests and test runs never see each other.
 * Requests are `{ ctx, data }`; replies are always `{ ok, data | error }`.
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
      callback();
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
      request = codec.decode(msg.data) as RpcRequest;
    } catch {
      return this.reply(msg, { ok: false, error: { kind: 'VALIDATION', code: 'VALIDATION', message: 'Malformed request' } });
    }
    const ctx = request.ctx ?? { userId: null, tier: 'free', requestId: 'unknown' };
    await withLogContext({ requestId: ctx.requestId, userId: ctx.userId, subject }, async () => {
      const handler = this.messageHandlers.get(subject)!;
      try {
        const result = await lastValueFrom(this.transformToObservable(await handler(request)), { defaultValue: null });
        this.reply(msg, { ok: true, data: result ?? null });
      } catch (error) {
        this.reply(msg, { ok: false, error: toErrorEnvelope(error) });
      }
    });
  }

  private reply(msg: Msg, body: RpcReply) {
    if (msg.reply) msg.respond(codec.encode(body));
  }
}
