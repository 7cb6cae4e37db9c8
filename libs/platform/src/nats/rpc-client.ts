import {
  DomainError,
  ErrorKind,
  type Endpoint,
  type RequestContext,
  type RpcReply,
  type RpcRequest,
} from '@jarvis/contracts';
import { ErrorCode, JSONCodec, type NatsConnection, NatsError } from 'nats';

const codec = JSONCodec();

/**
 * Request/reply over core NATS with a deadline. No responders becomes SERVICE_UNAVAILABLE (503), a missed deadline
 * DEADLINE_EXCEEDED (504), an error reply the DomainError the service threw.
 */
export class RpcClient {
  constructor(
    private readonly nc: NatsConnection,
    private readonly prefix: string,
  ) {}

  async request<T>(subject: string, data: unknown, ctx: RequestContext, timeoutMs: number): Promise<T> {
    const payload: RpcRequest = { ctx, data };
    let reply;
    try {
      reply = await this.nc.request(this.prefix + subject, codec.encode(payload), { timeout: timeoutMs });
    } catch (error) {
      throw translateNatsError(error, subject, timeoutMs);
    }
    const body = codec.decode(reply.data) as RpcReply<T>;
    if (body.ok) return body.data;
    throw DomainError.fromEnvelope(body.error);
  }

  /** Calls the handler of a declared endpoint with its deadline. */
  call<E extends Endpoint>(endpoint: E, data: unknown, ctx: RequestContext): Promise<NonNullable<E['_response']>> {
    return this.request(endpoint.subject, data, ctx, endpoint.timeoutMs);
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
