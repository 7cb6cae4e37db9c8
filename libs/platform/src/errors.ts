import { ArgumentsHost, Catch, type RpcExceptionFilter } from '@nestjs/common';
import { DomainError, ErrorKind, type ErrorEnvelope, InvalidInputError } from '@jarvis/contracts';
import { type Observable, throwError } from 'rxjs';
import { QueryFailedError } from 'typeorm';
import { ZodError } from 'zod';
import { createLogger } from './logger';

const log = createLogger('errors');

/**
 * Turns anything a handler throws into the envelope that crosses NATS. Domain errors keep their kind; a malformed
 * uuid in a query is an unknown id (404); anything else is a bug: logged with its stack, answered as INTERNAL
 * without details.
 */
export function toErrorEnvelope(error: unknown): ErrorEnvelope {
  if (error instanceof DomainError) return error.toEnvelope();
  if (error instanceof ZodError) return new InvalidInputError(error).toEnvelope();
  if (error instanceof QueryFailedError) {
    const code = (error as QueryFailedError & { driverError?: { code?: string } }).driverError?.code;
    if (code === '22P02') return { kind: ErrorKind.NotFound, code: ErrorKind.NotFound, message: 'Not found' };
    if (code === '23505') return { kind: ErrorKind.Conflict, code: ErrorKind.Conflict, message: 'Already exists' };
  }
  log.error({ err: error }, 'unhandled error in handler');
  return { kind: ErrorKind.Internal, code: ErrorKind.Internal, message: 'Internal server error' };
}

/** Lets the original exception reach the transport, which owns the mapping (Nest would flatten it to a string). */
@Catch()
export class PassThroughRpcFilter implements RpcExceptionFilter<unknown> {
  catch(exception: unknown, _host: ArgumentsHost): Observable<never> {
    return throwError(() => exception);
  }
}
