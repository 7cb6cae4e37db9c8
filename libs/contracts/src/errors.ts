/**
 * Error codes shared by every service, the gateway and the browser client.
 * A service throws a DomainError carrying one of these kinds; the gateway maps the kind to an HTTP status
 * and answers `{ error, code, ...details }`.
 */
export const ErrorKind = {
  Validation: 'VALIDATION',
  Unauthenticated: 'UNAUTHENTICATED',
  Forbidden: 'FORBIDDEN',
  NotFound: 'NOT_FOUND',
  Conflict: 'CONFLICT',
  PlanRequired: 'PLAN_REQUIRED',
  ProviderUnavailable: 'PROVIDER_UNAVAILABLE',
  RateLimited: 'RATE_LIMITED',
  ServiceUnavailable: 'SERVICE_UNAVAILABLE',
  DeadlineExceeded: 'DEADLINE_EXCEEDED',
  PayloadTooLarge: 'PAYLOAD_TOO_LARGE',
  Internal: 'INTERNAL',
} as const;
export type ErrorKind = (typeof ErrorKind)[keyof typeof ErrorKind];

export const HTTP_STATUS_BY_KIND: Record<ErrorKind, number> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  PLAN_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  PROVIDER_UNAVAILABLE: 503,
  SERVICE_UNAVAILABLE: 503,
  DEADLINE_EXCEEDED: 504,
};

/** What crosses the NATS hop (and, flattened, the HTTP response) when a handler fails. */
export interface ErrorEnvelope {
  kind: ErrorKind;
  /** Machine-readable code; the kind unless a feature names its own (e.g. IMAGE_TOO_LARGE). */
  code: string;
  /** Human text a client may show as is. */
  message: string;
  /** Extra fields merged into the HTTP body, e.g. `fields`, `requiresUpgrade`, `retryAfterSeconds`. */
  details?: Record<string, unknown>;
}

/** The JSON body of every failed `/api` response. */
export interface ErrorBody {
  error: string;
  code: string;
  [detail: string]: unknown;
}

export class DomainError extends Error {
  readonly kind: ErrorKind;
  readonly code: string;
  readonly details?: Record<string, unknown>;

  constructor(kind: ErrorKind, message: string, options: { code?: string; details?: Record<string, unknown> } = {}) {
    super(message);
    this.name = 'DomainError';
    this.kind = kind;
    this.code = options.code ?? kind;
    this.details = options.details;
  }

  toEnvelope(): ErrorEnvelope {
    return { kind: this.kind, code: this.code, message: this.message, details: this.details };
  }

  static fromEnvelope(envelope: ErrorEnvelope): DomainError {
    return new DomainError(envelope.kind, envelope.message, { code: envelope.code, details: envelope.details });
  }
}

export class ValidationError extends DomainError {
  constructor(message: string, fields?: Record<string, string[]>, code?: string) {
    super(ErrorKind.Validation, message, { code, details: fields ? { fields } : undefined });
  }
}
export class NotFoundError extends DomainError {
  constructor(what = 'Resource') {
    super(ErrorKind.NotFound, `${what} not found`);
  }
}
export class ConflictError extends DomainError {
  constructor(message: string) {
    super(ErrorKind.Conflict, message);
  }
}
export class ForbiddenError extends DomainError {
  constructor(message: string) {
    super(ErrorKind.Forbidden, message);
  }
}
export class UnauthenticatedError extends DomainError {
  /** `code`: the endpoint's own code for a missing session (its `unauthenticatedCode`), else UNAUTHENTICATED. */
  constructor(message = 'Not signed in', code?: string) {
    super(ErrorKind.Unauthenticated, message, { code });
  }
}
export class PlanRequiredError extends DomainError {
  constructor(message: string, requiredTier: string) {
    super(ErrorKind.PlanRequired, message, { details: { requiresUpgrade: true, requiredTier } });
  }
}
export class ProviderUnavailableError extends DomainError {
  /** `variables` names what an operator must set for this provider to work. */
  constructor(provider: string, variables: string[], reason?: string) {
    const message = reason
      ? `${provider} is unavailable: ${reason}`
      : `${provider} is not configured. Set ${variables.join(' and ')} to enable it.`;
    super(ErrorKind.ProviderUnavailable, message, { details: { provider, variables } });
  }
}
export class RateLimitedError extends DomainError {
  constructor(message: string, retryAfterSeconds: number) {
    super(ErrorKind.RateLimited, message, { details: { retryAfterSeconds } });
  }
}

/** The code of a call over the caller's daily quota (429, `Retry-After` until the quota day ends). */
export const QUOTA_EXCEEDED = 'QUOTA_EXCEEDED';

/**
 * 429 QUOTA_EXCEEDED: the caller's plan allows `limit` units of `kind` a day and this call would go over it. The body
 * is `{ error, code, kind, limit, resetsAt, requiresUpgrade }`; the gateway adds `Retry-After` from `resetsAt`.
 */
export class QuotaExceededError extends DomainError {
  constructor(message: string, details: { kind: string; limit: number; resetsAt: string; requiresUpgrade: boolean }) {
    super(ErrorKind.RateLimited, message, { code: QUOTA_EXCEEDED, details });
  }
}

/** The codes of a user's Google connection that Google no longer honours (revoked or expired grant). */
export const CONNECTION_EXPIRED_CODES = { mail: 'MAIL_CONNECTION_EXPIRED', calendar: 'CALENDAR_CONNECTION_EXPIRED' } as const;
export type ConnectionExpiredCode = (typeof CONNECTION_EXPIRED_CODES)[keyof typeof CONNECTION_EXPIRED_CODES];

/** 401 with its own code: the user is signed in, but their connection to a provider must be made again (Reconnect). */
export class ConnectionExpiredError extends DomainError {
  constructor(message: string, code: ConnectionExpiredCode) {
    super(ErrorKind.Unauthenticated, message, { code });
  }
}

export class PayloadTooLargeError extends DomainError {
  /** `field` names the part over its limit (a multipart file field), `limitBytes` the limit. */
  constructor(message: string, field?: string, limitBytes?: number) {
    super(ErrorKind.PayloadTooLarge, message, { details: { ...(field ? { field } : {}), ...(limitBytes ? { limitBytes } : {}) } });
  }
}

export function isErrorEnvelope(value: unknown): value is ErrorEnvelope {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ErrorEnvelope).kind === 'string' &&
    typeof (value as ErrorEnvelope).message === 'string'
  );
}
