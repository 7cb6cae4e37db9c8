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
import { decodePayload, encodePayload } from './large-payloads';
import { callStreaming, type StreamOptions } from './stream';

/**
 * Request/reply over core NATS with a deadline. No responders becomes SERVICE_UNAVAILABLE (503), a missed deadline
 * DEADLINE_EXCEEDED (504), an error reply the DomainError the service threw.
 */
export class RpcClient {
  constructor(
    private readonly nc: NatsConnection,
    private readonly prefix: string,
  ) {}

  /**
   * A bare subject with a hand-picked reply type, for what has no declaration (`<service>.health.check`, tests of the
   * transport). Everything declared goes through `call`.
   */
  async request<T>(subject: string, data: unknown, ctx: RequestContext, timeoutMs: number): Promise<T> {
    return (await this.send<T>(subject, { ctx, data }, timeoutMs)).data;
  }

  /** One request and its reply, with the reply's headers (a streamed reply counts its chunks there). */
  private async send<T>(subject: string, payload: RpcRequest, timeoutMs: number): Promise<{ data: T; headers?: MsgHdrs }> {
    // Over 512 kB the request and the reply cross by reference through the Object Store (large-payloads.ts).
    const request = await encodePayload(this.nc, this.prefix, payload);
    let reply;
    try {
      reply = await this.nc.request(this.prefix + subject, request, { timeout: timeoutMs });
    } catch (error) {
      throw translateNatsError(error, subject, timeoutMs);
    }
    const body = await decodePayload<RpcReply<T>>(this.nc, reply.data);
    if (body.ok) return { data: body.data, headers: reply.headers };
    throw DomainError.fromEnvelope(body.error);
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

function translateNatsError(error: unknown, subject: string, timeoutMs: number): DomainError {
  const service = subject.split('.')[0];
  if (error instanceof NatsError) {
    if (error.code === ErrorCode.NoResponders) {
      return new DomainError(ErrorKind.ServiceUnavailable, `The ${service} service is not available right now. Please try again shortly.`, {
        details: { service },
      });
    }
    if (error.code === ErrorCode.Timeout) {
      return new DomainError(ErrorKind.DeadlineExceeded, `The ${service} service did not answer within ${Math.round(timeoutMs / 1000)} seconds.`, {
        details: { service },
      });
    }
    if (error.code === ErrorCode.ConnectionClosed || error.code === ErrorCode.Disconnect) {
      return new DomainError(ErrorKind.ServiceUnavailable, 'The message bus is not reachable right now.', { details: { service } });
    }
  }
  return new DomainError(ErrorKind.ServiceUnavailable, `The ${service} service could not be reached.`, { details: { service } });
}
