import { DomainError, type ErrorBody, ErrorKind, HTTP_STATUS_BY_KIND } from '@jarvis/contracts';
import { createLogger } from '@jarvis/platform';
import type { Response } from 'express';
import { ZodError } from 'zod';

const log = createLogger('http');

/** The one place that turns an error into an HTTP status and `{ error, code, ...details }`. */
export function errorResponse(error: unknown): { status: number; body: ErrorBody; retryAfter?: number } {
  if (error instanceof DomainError) {
    const status = HTTP_STATUS_BY_KIND[error.kind] ?? 500;
    const body: ErrorBody = { ...(error.details ?? {}), error: error.message, code: error.code };
    const retryAfter = typeof error.details?.retryAfterSeconds === 'number' ? error.details.retryAfterSeconds : undefined;
    return { status, body, retryAfter };
  }
  if (error instanceof ZodError) return { status: 400, body: validationBody(error) };
  log.error({ err: error }, 'unhandled error');
  return { status: 500, body: { error: 'Internal server error', code: ErrorKind.Internal } };
}

export function sendError(res: Response, error: unknown) {
  const { status, body, retryAfter } = errorResponse(error);
  if (retryAfter !== undefined) res.setHeader('Retry-After', String(retryAfter));
  res.status(status).json(body);
}

export function validationBody(error: ZodError): ErrorBody {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) (fields[issue.path.join('.') || '_'] ??= []).push(issue.message);
  return { error: error.issues[0]?.message ?? 'Invalid input', code: ErrorKind.Validation, fields };
}
