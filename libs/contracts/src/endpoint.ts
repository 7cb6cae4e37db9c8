import { z } from 'zod';
import type { RequestContext, Tier, UserContext } from './context';
import type { QuotaDeclaration } from './quotas';

export const SERVICES = ['gateway', 'chat', 'voice', 'telephony', 'mail', 'billing', 'notifications', 'calendar'] as const;
export type ServiceName = (typeof SERVICES)[number];
/** The services that run behind NATS (everything but the gateway). */
export const BACKEND_SERVICES = SERVICES.filter((s) => s !== 'gateway') as Exclude<ServiceName, 'gateway'>[];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** public: anyone; user: signed in; { minTier }: signed in on at least that plan. */
export type Access = 'public' | 'user' | { minTier: Tier };
/**
 * Who may call an internal subject. user: the caller passes a signed-in user's context (the handler gets a
 * `userId: string`); service: no user context is needed, the request names what it is about (a consumer of an event,
 * a job, a webhook).
 */
export type InternalAccess = 'user' | 'service';

/**
 * json: the reply is the JSON body. binary: the reply is `{ contentType, base64 }` sent as raw bytes.
 * redirect: the reply is `{ location }` answered with 302 (browser navigations such as OAuth).
 */
export type ResponseKind = 'json' | 'binary' | 'redirect';

/**
 * What `RpcClient.call` and `@Handles` take: an endpoint or an internal subject. Both are a subject, its owner, who
 * may call it, a zod request, a deadline and (phantom) the response type.
 */
export interface RpcDeclaration<Req extends z.ZodType = z.ZodType, Res = unknown, A extends Access | InternalAccess = Access | InternalAccess> {
  service: ServiceName;
  /** `<service>.<resource>.<verb>`; for gateway-owned endpoints the name of its handler. */
  subject: string;
  access: A;
  /** Validates the input: at the gateway for an endpoint, and in the handler's decorator for every caller. */
  request: Req;
  /** Deadline for the service to answer (never more than 30 s). */
  timeoutMs: number;
  /** Phantom: the response type, for typing handlers, callers and the browser client. */
  readonly _response?: Res;
}

export interface Endpoint<Req extends z.ZodType = z.ZodType, Res = unknown, A extends Access = Access> extends RpcDeclaration<Req, Res, A> {
  method: HttpMethod;
  /** Express-style path with `:param` segments. */
  path: string;
  /** Validates the merged path params, query and JSON body. */
  request: Req;
  responseKind: ResponseKind;
  /**
   * The status of a JSON success: 201 for a POST that creates (a `*.create` subject, or declared, as registering an
   * account), 202 where declared for work that goes on after the answer (an account export), else 200. The gateway answers with it and the API document names it.
   */
  status: 200 | 201 | 202;
  /** `multipart` bodies are parsed by the gateway into `{ ...fields, files: [{ field, contentType, base64 }] }`. */
  bodyKind: 'json' | 'multipart';
  /** Largest request body the gateway accepts for this endpoint (413 above). Default 1 MB. */
  bodyLimitBytes: number;
  /** For `multipart` endpoints: the file fields accepted and their limits (413 naming the field above). */
  upload?: UploadSpec;
  /**
   * The endpoint can stream its reply: with `Accept: text/event-stream` the gateway relays the handler's chunks as
   * Server-Sent Events (`event: token`), then the reply as `event: done`.
   */
  streams: boolean;
  /**
   * The endpoint spends the operator's money at a provider: each call counts `cost(parsed input)` units (1 without
   * `cost`) against the caller's daily quota of `kind` (QUOTA_KINDS in quotas.ts). The gateway charges it after
   * validation and before the call, and answers 429 QUOTA_EXCEEDED over the limit.
   */
  quota?: QuotaDeclaration<z.output<Req>>;
  /**
   * The code of the 401 a call without a session answers, where the spec names its own for this endpoint (doc1's
   * UNAUTHORIZED for image analysis, which the browser maps to 'Please refresh the page and try again.');
   * UNAUTHENTICATED otherwise.
   */
  unauthenticatedCode?: string;
}

export interface UploadSpec {
  /** Accepted file field names, e.g. `sample0`..`sample4`. */
  fields: string[];
  /** Largest size of one file. */
  maxFileBytes: number;
  /** Accepted content types by prefix (`audio/`); empty accepts any. */
  contentTypes: string[];
}

export const DEFAULT_TIMEOUT_MS = 10_000;
/** A JSON body over this answers 413 unless the endpoint declares more. */
export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;
export const MAX_TIMEOUT_MS = 30_000;

/** Marks the response type of an endpoint without a runtime schema. */
export function returns<T>(): T {
  return undefined as T;
}

export function endpoint<Req extends z.ZodType, Res, A extends Access>(
  def: Omit<Endpoint<Req, Res, A>, 'responseKind' | 'status' | 'bodyKind' | 'timeoutMs' | 'bodyLimitBytes' | 'streams' | '_response'> & {
    responseKind?: ResponseKind;
    status?: 200 | 201 | 202;
    bodyKind?: 'json' | 'multipart';
    timeoutMs?: number;
    bodyLimitBytes?: number;
    streams?: boolean;
    response: Res;
  },
): Endpoint<Req, Res, A> {
  const { response: _ignored, ...rest } = def;
  const timeoutMs = Math.min(def.timeoutMs ?? DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS);
  const request = refusingNul(def.request);
  const status = def.status ?? (def.method === 'POST' && def.subject.endsWith('.create') ? 201 : 200);
  return { responseKind: 'json', bodyKind: 'json', bodyLimitBytes: DEFAULT_BODY_LIMIT_BYTES, streams: false, ...rest, status, request, timeoutMs };
}

/** How deep the NUL check looks: deeper than any declared request, shallow enough that no input overflows the stack. */
const NUL_SCAN_DEPTH = 32;

function findNul(value: unknown, path: PropertyKey[], depth: number, found: PropertyKey[][]) {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) found.push(path);
    return;
  }
  if (depth >= NUL_SCAN_DEPTH || typeof value !== 'object' || value === null) return;
  if (Array.isArray(value)) {
    value.forEach((item, i) => findNul(item, [...path, i], depth + 1, found));
    return;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) return;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) found.push([...path, key]);
    else findNul(item, [...path, key], depth + 1, found);
  }
}

/**
 * Postgres text cannot hold NUL (`invalid byte sequence for encoding "UTF8": 0x00`), and no form of ours needs it:
 * a NUL anywhere in a request is a 400 naming the field. It runs on what the schema passes on (keys a schema strips
 * never reach a service), even when other fields failed, so every bad field is named at once.
 */
const noNul = z.superRefine(
  (value: unknown, ctx) => {
    const found: PropertyKey[][] = [];
    findNul(value, [], 0, found);
    for (const path of found) {
      const field = path.length ? path.map(String).join('.') : 'input';
      ctx.addIssue({ code: 'custom', path, input: undefined, message: `${field} must not contain NUL characters` });
    }
  },
  { when: () => true },
);

/** The same schema (same type, so `z.input`, `z.output`, `.shape` keep working) that also refuses NUL characters. */
export function refusingNul<S extends z.ZodType>(schema: S): S {
  return schema.check(noNul as z.core.$ZodCheck<z.output<S>>);
}

/** What a handler of `E` (an endpoint or an internal subject) receives as `data`: the parsed request. */
export type RequestOf<E> = E extends RpcDeclaration<infer Req, unknown> ? z.output<Req> : never;
/** What a caller of `E` passes: the request before parsing (defaults may be left out). */
export type RequestInputOf<E> = E extends RpcDeclaration<infer Req, unknown> ? z.input<Req> : never;
export type ResponseOf<E> = E extends RpcDeclaration<z.ZodType, infer Res> ? Res : never;

/**
 * The context a handler of `E` gets: `UserContext` (a `userId: string`) unless visitors ('public') or services
 * without a user ('service') may call it. A declaration whose access is not known (`Endpoint`) gets the general one.
 */
export type ContextOf<E> = E extends { access: infer A }
  ? 'public' extends A
    ? RequestContext
    : 'service' extends A
      ? RequestContext
      : UserContext
  : RequestContext;

/** Whether the handler of `declaration` needs a signed-in user in the caller's context (refused without one). */
export function requiresUser(declaration: Pick<RpcDeclaration, 'access'>): boolean {
  return declaration.access !== 'public' && declaration.access !== 'service';
}

/** The names of an endpoint path's `:param` segments (`/api/reminders/:id` → `['id']`). */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
}

/** `chat.conversations.share` → 'Conversation': the thing a 404 of this subject names. */
export function resourceName(declaration: Pick<RpcDeclaration, 'subject'>): string {
  const resource = declaration.subject.split('.')[1] ?? 'Resource';
  const singular = resource.replace(/ies$/, 'y').replace(/s$/, '').replace(/-/g, ' ');
  return singular.charAt(0).toUpperCase() + singular.slice(1);
}

/** An empty request: no params, query or body fields are read, and whatever else a client sends is dropped. */
export const noInput = z.object({});
/** The id of one of our rows (every table is keyed by uuid). Provider ids (Gmail, Discord, Stripe) are strings. */
export const rowId = () => z.uuid({ error: 'Not a valid id' });
const anyRowId = rowId();
/** Whether `value` can be the id of one of our rows; anything else names no row (and would make Postgres throw). */
export const isRowId = (value: unknown): value is string => anyRowId.safeParse(value).success;
/** An e-mail address, at most 254 characters (RFC 5321); `message` replaces zod's text for both checks. */
export const emailAddress = (message = 'Enter a valid e-mail address') => z.email(message).max(254, message);
/** What an OAuth provider sends back to a redirect URL. */
export const oauthCallback = z.object({
  code: z.string().max(2_048).optional(),
  state: z.string().max(2_048).optional(),
  error: z.string().max(500).optional(),
});
/** A UUID path parameter. A malformed id is a 404 like any unknown id, never a 400 that reveals shape. */
export const idParam = z.object({ id: rowId() });

/** Fills `:param` placeholders, for clients. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
