import {
  DomainError,
  ErrorKind,
  type RequestContext,
  type RequestInputOf,
  type ResponseOf,
  type RpcDeclaration,
  type RpcReply,
  type RpcRequest,
} from '@jarvis/contracts';
import { ErrorCode, type MsgHdrs, type NatsConnection, NatsError } from 'nats';
import { performance } from 'node:perf_hooks';
import type { Span } from '@opentelemetry/api';
import { metricSubject } from '../observability/labels';
import type { ServiceMetrics } from '../observability/metrics';
import { RPC_CLIENT_DURATION, type RpcOutcome } from '../observability/platform-metrics';
import { endSpan, otelContext, otelTrace, SpanKind, traceHeaders, tracer, tracingEnabled } from '../observability/tracing';
import { decodePayload, encodePayload } from './large-payloads';
import { type LocalResponder, localCallsEnabled, localResponder } from './local-calls';
import { callStreaming, type StreamOptions, withReplyHeaders } from './stream';

/**
 * Request/reply over core NATS with a deadline. No responders becomes SERVICE_UNAVAILABLE (503), a missed deadline
 * DEADLINE_EXCEEDED (504), an error reply the DomainError the service threw.
 */
export class RpcClient {
  constructor(
    private readonly nc: NatsConnection,
    private readonly prefix: string,
    /** Where `jarvis_rpc_client_duration_seconds` goes: the calling service's registry (none for a test's client). */
    private readonly metrics?: ServiceMetrics,
  ) {}

  /**
   * A bare subject with a hand-picked reply type, for what has no declaration (`<service>.health.check`, tests of the
   * transport). Everything declared goes through `call`.
   */
  async request<T>(subject: string, data: unknown, ctx: RequestContext, timeoutMs: number): Promise<T> {
    return (await this.send<T>(subject, { ctx, data }, timeoutMs)).data;
  }

  /**
   * One request and its reply, with the reply's headers (a streamed reply counts its chunks there). Timed by subject
   * and outcome; traced as a client span whose context travels in the request's headers.
   */
  private async send<T>(subject: string, payload: RpcRequest, timeoutMs: number): Promise<{ data: T; headers?: MsgHdrs }> {
    const start = performance.now();
    const span = tracingEnabled() ? tracer().startSpan(subject, { kind: SpanKind.CLIENT, attributes: natsAttributes(subject, 'send') }) : undefined;
    let outcome: RpcOutcome = 'error';
    try {
      const result = await this.exchange<T>(subject, payload, timeoutMs, span);
      outcome = 'ok';
      span?.end();
      return result;
    } catch (error) {
      outcome = rpcOutcomeOf(error);
      if (span) endSpan(span, error);
      throw error;
    } finally {
      this.metrics?.get(RPC_CLIENT_DURATION).observe({ subject: metricSubject(subject, this.prefix), outcome }, (performance.now() - start) / 1000);
    }
  }

  private async exchange<T>(subject: string, payload: RpcRequest, timeoutMs: number, span?: Span): Promise<{ data: T; headers?: MsgHdrs }> {
    // The service answering it runs in this process (JARVIS_PROCESSES=single): the same request without the hop.
    const local = localCallsEnabled() ? localResponder(this.prefix + subject) : undefined;
    if (local) return this.exchangeLocally<T>(local, subject, payload, timeoutMs, span);
    // Over 512 kB the request and the reply cross by reference through the Object Store (large-payloads.ts).
    const request = await encodePayload(this.nc, this.prefix, payload);
    let reply;
    try {
      const headers = span && traceHeaders(otelTrace.setSpan(otelContext.active(), span));
      reply = await this.nc.request(this.prefix + subject, request, headers ? { timeout: timeoutMs, headers } : { timeout: timeoutMs });
    } catch (error) {
      throw translateNatsError(error, subject, timeoutMs);
    }
    const body = await decodePayload<RpcReply<T>>(this.nc, reply.data);
    if (body.ok) return { data: body.data, headers: reply.headers };
    throw withReplyHeaders(DomainError.fromEnvelope(body.error), reply.headers);
  }

  /**
   * The same exchange with a service in this process (local-calls.ts): the request's JSON bytes and the caller's
   * trace headers handed to its transport, the reply decoded as one from the bus; the same deadline and errors.
   */
  private async exchangeLocally<T>(local: LocalResponder, subject: string, payload: RpcRequest, timeoutMs: number, span?: Span) {
    const request = Buffer.from(JSON.stringify(payload));
    const headers = span && traceHeaders(otelTrace.setSpan(otelContext.active(), span));
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(deadlineExceeded(subject, timeoutMs)), timeoutMs);
    });
    let reply: { data: Uint8Array; headers?: MsgHdrs };
    try {
      reply = await Promise.race([local.answerLocally(subject, request, headers), deadline]);
    } catch (error) {
      throw error instanceof DomainError ? error : translateNatsError(error, subject, timeoutMs);
    } finally {
      clearTimeout(timer);
    }
    const body = await decodePayload<RpcReply<T>>(this.nc, reply.data);
    if (body.ok) return { data: body.data, headers: reply.headers };
    throw withReplyHeaders(DomainError.fromEnvelope(body.error), reply.headers);
  }

  /**
   * Calls the handler of a declared endpoint or internal subject (`api.calendar.reminders`,
   * `internalApi.calendar.ensureBookingLink`) with the caller's context and the declaration's deadline (or a shorter
   * one of the caller's). The input is what the request schema reads (`z.input`: defaults may be left out); the
   * handler validates it, so a refused input rejects with the VALIDATION error and its field errors.
   */
  call<E extends RpcDeclaration>(
    declaration: E,
    input: RequestInputOf<E>,
    ctx: RequestContext,
    options: { timeoutMs?: number } = {},
  ): Promise<ResponseOf<E>> {
    return this.request(declaration.subject, input, ctx, options.timeoutMs ?? declaration.timeoutMs);
  }

  /**
   * Calls a streaming endpoint: `onChunk` gets each token in order, then the call resolves with the reply (errors as
   * in `call`). Aborting `signal` tells the handler to stop and rejects with the signal's reason.
   */
  stream<E extends RpcDeclaration>(
    declaration: E,
    input: RequestInputOf<E>,
    ctx: RequestContext,
    options: StreamOptions,
  ): Promise<ResponseOf<E>> {
    return callStreaming(this.nc, this.prefix, options, (stream) =>
      this.send<ResponseOf<E>>(declaration.subject, { ctx, data: input, stream }, declaration.timeoutMs),
    );
  }
}

/** How a failed request ended, for the client histogram: the bus's timeout and no-responders, else an error reply. */
function rpcOutcomeOf(error: unknown): RpcOutcome {
  if (error instanceof DomainError && (error as { [NATS_FAILURE]?: RpcOutcome })[NATS_FAILURE]) return (error as { [NATS_FAILURE]?: RpcOutcome })[NATS_FAILURE]!;
  return 'error';
}

/** Marks the errors `translateNatsError` made from the bus's own failures (not the handler's replies). */
const NATS_FAILURE = Symbol('jarvis:nats-failure');

function translateNatsError(error: unknown, subject: string, timeoutMs: number): DomainError {
  const service = subject.split('.')[0];
  if (error instanceof NatsError) {
    if (error.code === ErrorCode.NoResponders) {
      return markedAs('no_responders', new DomainError(ErrorKind.ServiceUnavailable, `The ${service} service is not available right now. Please try again shortly.`, {
        details: { service },
      }));
    }
    if (error.code === ErrorCode.Timeout) return deadlineExceeded(subject, timeoutMs);
    if (error.code === ErrorCode.ConnectionClosed || error.code === ErrorCode.Disconnect) {
      return new DomainError(ErrorKind.ServiceUnavailable, 'The message bus is not reachable right now.', { details: { service } });
    }
  }
  return new DomainError(ErrorKind.ServiceUnavailable, `The ${service} service could not be reached.`, { details: { service } });
}

/** A request its service did not answer within its deadline: DEADLINE_EXCEEDED (504), counted as a timeout. */
function deadlineExceeded(subject: string, timeoutMs: number): DomainError {
  const service = subject.split('.')[0];
  return markedAs('timeout', new DomainError(ErrorKind.DeadlineExceeded, `The ${service} service did not answer within ${Math.round(timeoutMs / 1000)} seconds.`, {
    details: { service },
  }));
}

function markedAs(outcome: RpcOutcome, error: DomainError): DomainError {
  Object.defineProperty(error, NATS_FAILURE, { value: outcome });
  return error;
}

/** The attributes of a NATS span (OpenTelemetry's messaging conventions). */
export function natsAttributes(subject: string, operation: 'send' | 'process' | 'receive'): Record<string, string> {
  return { 'messaging.system': 'nats', 'messaging.destination.name': subject, 'messaging.operation.type': operation };
}
