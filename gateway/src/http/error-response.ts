import { DomainError, type ErrorBody, ErrorKind, HTTP_STATUS_BY_KIND, InvalidInputError, QUOTA_EXCEEDED, secondsUntil } from '@jarvis/contracts';
import { createLogger } from '@jarvis/platform';
import type { FastifyReply } from 'fastify';
import { ZodError } from 'zod';
import { traceIdOfRequest } from './http-telemetry';

const log = createLogger('http');

/** Fastify's own errors (body too large, bad JSON, bad content type, multipart limits) as our error kinds. */
const FASTIFY_ERRORS: Record<string, { status: number; code: string; message?: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  FST_FILES_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  FST_PARTS_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  FST_FIELDS_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: ErrorKind.Validation, message: 'Request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: ErrorKind.Validation, message: 'Request body is empty' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported content type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: ErrorKind.Validation, message: 'Invalid Content-Length' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Expected a multipart/form-data body' },
};

/** The one place that turns an error into an HTTP status and `{ error, code, ...details }`. */
export function errorResponse(error: unknown): { status: number; body: ErrorBody; retryAfter?: number } {
  // A refused input keeps the order of its body's fields, as the gateway has always answered it.
  if (error instanceof InvalidInputError) return { status: 400, body: { error: error.message, code: error.code, fields: error.fields } };
  if (error instanceof DomainError) {
    const status = HTTP_STATUS_BY_KIND[error.kind] ?? 500;
    const body: ErrorBody = { ...(error.details ?? {}), error: error.message, code: error.code };
    return { status, body, retryAfter: retryAfterOf(error) };
  }
  if (error instanceof ZodError) return errorResponse(new InvalidInputError(error));
  const code = (error as { code?: unknown })?.code;
  const known = typeof code === 'string' ? FASTIFY_ERRORS[code] : undefined;
  if (known) return { status: known.status, body: { error: known.message ?? (error as Error).message, code: known.code } };
  if (error instanceof SyntaxError && (error as { statusCode?: number }).statusCode === 400) {
    return { status: 400, body: { error: 'Request body is not valid JSON', code: ErrorKind.Validation } };
  }
  const status = (error as { statusCode?: unknown })?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, body: { error: (error as Error).message || 'Bad request', code: status === 404 ? 'NOT_FOUND' : 'HTTP_ERROR' } };
  }
  log.error({ err: error }, 'unhandled error');
  return { status: 500, body: { error: 'Internal server error', code: ErrorKind.Internal } };
}

/** `Retry-After` of a refusal: the seconds it names, or until an exceeded quota's day ends. */
function retryAfterOf(error: DomainError): number | undefined {
  const details = error.details ?? {};
  if (typeof details.retryAfterSeconds === 'number') return details.retryAfterSeconds;
  if (error.code === QUOTA_EXCEEDED && typeof details.resetsAt === 'string') return secondsUntil(details.resetsAt);
  return undefined;
}

/**
 * Answers with the error's status and `{ error, code }` body. Returns the reply: an async route handler must return
 * it, so Fastify waits for this answer instead of sending a second, empty one while the first is still on its way.
 */
export function sendError(reply: FastifyReply, error: unknown): FastifyReply {
  // Already answered (a stream that ended with its error event): nothing to send, nothing to log twice.
  if (reply.sent) return reply;
  const { status, body, retryAfter } = errorResponse(error);
  if (retryAfter !== undefined) reply.header('Retry-After', String(retryAfter));
  // A 5xx names its trace (when tracing is on), so the report of whoever saw it finds what happened.
  const traceId = status >= 500 ? traceIdOfRequest(reply.request) : undefined;
  if (traceId) body.traceId = traceId;
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}
