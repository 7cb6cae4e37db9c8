import { type CustomTransportStrategy, Server } from '@nestjs/microservices';
import { DomainError, type RpcReply, type RpcRequest } from '@jarvis/contracts';
import { JSONCodec, type Msg, type MsgHdrs, type NatsConnection, type Subscription } from 'nats';
import { lastValueFrom } from 'rxjs';
import { performance } from 'node:perf_hooks';
import { toErrorEnvelope } from '../errors';
import { metricSubject } from '../observability/labels';
import type { ServiceMetrics } from '../observability/metrics';
import { currentService } from '../observability/service-scope';
import { RPC_SERVER_DURATION } from '../observability/platform-metrics';
import { contextFromHeaders, endSpan, otelContext, otelTrace, SpanKind, tracer, tracingEnabled } from '../observability/tracing';
import { createLogger, withLogContext } from '../logger';
import type { ShutdownGrace } from '../shutdown';
import { decodePayload, encodePayload } from './large-payloads';
import { type LocalResponder, localCallsEnabled, offerLocally, withdrawLocally } from './local-calls';
import { natsAttributes } from './rpc-client';
import { openStreamSink } from './stream';

const codec = JSONCodec();
const log = createLogger('transport');

/** Requests handed over inside the process (local-calls.ts): their replies stay inline, whatever their size. */
const localRequests = new WeakSet<Msg>();

/**
 * Nest microservice transport on core NATS. Each `@MessagePattern(subject)` handler is subscribed as
 * `<prefix><subject>` in the service's queue group, so replicas share requests and test runs never see each other.
 * Requests are `{ ctx, data }`; replies are always `{ ok, data | error }`. A request with `stream` (a subject the
 * caller chose, its prefix included, so it is used as is) gives the handler `input.stream`, a `StreamSink`.
 */
export class NatsTransport extends Server implements CustomTransportStrategy, LocalResponder {
  private nc?: NatsConnection;
  private readonly subscriptions: Subscription[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private grace?: ShutdownGrace;

  constructor(
    private readonly options: {
      queue: string;
      prefix: string;
      /** Where `jarvis_rpc_server_duration_seconds` goes: the answering service's registry. */
      metrics?: ServiceMetrics;
    },
  ) {
    super();
  }

  /**
   * The service this transport belongs to (it is built inside its start): each request is handled in its scope even
   * when the connection was opened elsewhere, so the handler's metrics, spans and logs are the service's.
   */
  private readonly scope = currentService();

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
            const task = (this.scope ? this.scope.run(() => this.handle(subject, msg)) : this.handle(subject, msg)).finally(() =>
              this.inFlight.delete(task),
            );
            this.inFlight.add(task);
          },
        });
        this.subscriptions.push(sub);
      }
      // Ready once the server has the subscriptions: a request sent on another connection right after start
      // would otherwise find no responder (a replica started under load answered 503 in tests).
      this.nc.flush().then(
        () => {
          // In one process, callers here may hand requests over directly (local-calls.ts).
          if (localCallsEnabled()) for (const subject of this.messageHandlers.keys()) offerLocally(this.options.prefix + subject, this);
          callback();
        },
        (error: unknown) => callback(error),
      );
    } catch (error) {
      callback(error);
    }
  }

  /** The shutdown's clock (SHUTDOWN_GRACE_MS): how long `close()` waits for the requests being answered. */
  useGrace(grace: ShutdownGrace) {
    this.grace = grace;
  }

  /**
   * Stops taking new requests and waits for the ones being answered (within the shutdown's grace). Each subscription
   * is drained, not dropped: the server stops routing to this replica (the others of the queue group take the new
   * requests) and a request it had already routed here, still on the wire, is answered here instead of being lost.
   */
  async close() {
    // Callers in this process go through the bus from now on, as callers elsewhere do.
    withdrawLocally(this);
    const subscriptions = this.subscriptions.splice(0);
    const drained = Promise.all(subscriptions.map((sub) => (sub.isClosed() ? undefined : sub.drain().catch(() => sub.unsubscribe()))));
    const answered = drained.then(() => Promise.allSettled([...this.inFlight]));
    if (!this.grace) return void (await answered);
    if (!(await this.grace.wait(answered))) log.warn({ inFlight: this.inFlight.size }, 'requests still being answered at the end of the shutdown grace');
  }

  /**
   * Answers a request a caller in this process handed over (local-calls.ts) exactly as one from the bus: the same
   * bytes, headers (the caller's trace context), scope, handler and reply envelope, counted among the requests
   * being answered at shutdown; only the reply stays inline, however large.
   */
  answerLocally(subject: string, request: Uint8Array, headers?: MsgHdrs): Promise<{ data: Uint8Array; headers?: MsgHdrs }> {
    return new Promise((resolve, reject) => {
      let answered = false;
      const msg = {
        subject: this.options.prefix + subject,
        reply: '_INBOX.in-process',
        sid: 0,
        data: request,
        headers,
        respond: (data?: Uint8Array, opts?: { headers?: MsgHdrs }) => {
          answered = true;
          resolve({ data: data ?? new Uint8Array(), headers: opts?.headers });
          return true;
        },
      } as unknown as Msg;
      localRequests.add(msg);
      const task = (this.scope ? this.scope.run(() => this.handle(subject, msg)) : this.handle(subject, msg)).finally(() => this.inFlight.delete(task));
      this.inFlight.add(task);
      task.then(
        () => answered || reject(new Error(`no reply to ${subject}`)),
        (error: unknown) => reject(error),
      );
    });
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

  /**
   * Answers one request, timed by subject and outcome, and traced (when tracing is on) as a server span under the
   * caller's span from the request's headers, so the handler's own spans (Postgres, Redis, HTTP) and log lines
   * belong to the caller's trace.
   */
  private async handle(subject: string, msg: Msg) {
    const start = performance.now();
    let outcome: 'ok' | 'error' = 'error';
    const span = tracingEnabled()
      ? tracer().startSpan(subject, { kind: SpanKind.SERVER, attributes: natsAttributes(subject, 'process') }, contextFromHeaders(msg.headers))
      : undefined;
    try {
      const answer = () => this.answer(subject, msg);
      outcome = span ? await otelContext.with(otelTrace.setSpan(otelContext.active(), span), answer) : await answer();
    } finally {
      if (span) endSpan(span, outcome === 'error' ? new Error('error reply') : undefined);
      this.options.metrics?.get(RPC_SERVER_DURATION).observe({ subject: metricSubject(subject), outcome }, (performance.now() - start) / 1000);
    }
  }

  /** Decodes, runs the handler and replies; says whether the reply was a success. */
  private async answer(subject: string, msg: Msg): Promise<'ok' | 'error'> {
    let request: RpcRequest;
    try {
      request = await decodePayload<RpcRequest>(this.nc!, msg.data);
    } catch (error) {
      // An expired or unreadable large request is the bus's fault (DomainError); anything else is not JSON.
      const envelope = error instanceof DomainError ? error.toEnvelope() : undefined;
      await this.reply(msg, { ok: false, error: envelope ?? { kind: 'VALIDATION', code: 'VALIDATION', message: 'Malformed request' } });
      return 'error';
    }
    const ctx = request.ctx ?? { userId: null, tier: 'free', requestId: 'unknown' };
    return withLogContext({ requestId: ctx.requestId, userId: ctx.userId, subject }, async () => {
      const handler = this.messageHandlers.get(subject)!;
      const stream = request.stream ? openStreamSink(this.nc!, request.stream) : undefined;
      // The handler sees a sink or nothing, never the caller's subject.
      const input = { ...request, stream: stream?.sink };
      try {
        const result = await lastValueFrom(this.transformToObservable(await handler(input)), { defaultValue: null });
        await this.reply(msg, { ok: true, data: result ?? null }, stream?.end());
        return 'ok';
      } catch (error) {
        await this.reply(msg, { ok: false, error: toErrorEnvelope(error) }, stream?.end());
        return 'error';
      }
    });
  }

  /** Never throws: a reply that cannot be stored or sent becomes an error reply, and at worst a log line. */
  private async reply(msg: Msg, body: RpcReply, headers?: MsgHdrs) {
    if (!msg.reply) return;
    try {
      // Over 512 kB the reply crosses by reference through the Object Store (large-payloads.ts).
      const bytes = localRequests.has(msg) ? Buffer.from(JSON.stringify(body)) : await encodePayload(this.nc!, this.options.prefix, body);
      msg.respond(bytes, headers && { headers });
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
