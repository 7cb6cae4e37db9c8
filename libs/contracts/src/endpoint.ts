import { z } from 'zod';
import type { Tier } from './context';

export const SERVICES = ['gateway', 'chat', 'voice', 'telephony', 'mail', 'billing', 'notifications', 'calendar'] as const;
export type ServiceName = (typeof SERVICES)[number];
/** The services that run behind NATS (everything but the gateway). */
export const BACKEND_SERVICES = SERVICES.filter((s) => s !== 'gateway') as Exclude<ServiceName, 'gateway'>[];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** public: anyone; user: signed in; { minTier }: signed in on at least that plan. */
export type Access = 'public' | 'user' | { minTier: Tier };

/**
 * json: the reply is the JSON body. binary: the reply is `{ contentType, base64 }` sent as raw bytes.
 * redirect: the reply is `{ location }` answered with 302 (browser navigations such as OAuth).
 */
export type ResponseKind = 'json' | 'binary' | 'redirect';

export interface Endpoint<Req extends z.ZodType = z.ZodType, Res = unknown> {
  method: HttpMethod;
  /** Express-style path with `:param` segments. */
  path: string;
  service: ServiceName;
  /** `<service>.<resource>.<verb>`; for gateway-owned endpoints the name of its handler. */
  subject: string;
  access: Access;
  /** Validates the merged path params, query and JSON body. */
  request: Req;
  responseKind: ResponseKind;
  /** `multipart` bodies are parsed by the gateway into `{ fields, files: [{ field, contentType, base64 }] }`. */
  bodyKind: 'json' | 'multipart';
  /** Deadline for the service to answer (never more than 30 s). */
  timeoutMs: number;
  /** Phantom: the response type, for typing handlers and the browser client. */
  readonly _response?: Res;
}

export const DEFAULT_TIMEOUT_MS = 10_000;
export const MAX_TIMEOUT_MS = 30_000;

/** Marks the response type of an endpoint without a runtime schema. */
export function returns<T>(): T {
  return undefined as T;
}

export function endpoint<Req extends z.ZodType, Res>(
  def: Omit<Endpoint<Req, Res>, 'responseKind' | 'bodyKind' | 'timeoutMs' | '_response'> & {
    responseKind?: ResponseKind;
    bodyKind?: 'json' | 'multipart';
    timeoutMs?: number;
    response: Res;
  },
): Endpoint<Req, Res> {
  const { response: _ignored, ...rest } = def;
  const timeoutMs = Math.min(def.timeoutMs ?? DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS);
  return { responseKind: 'json', bodyKind: 'json', ...rest, timeoutMs };
}

export type RequestOf<E> = E extends Endpoint<infer Req, unknown> ? z.output<Req> : never;
export type RequestInputOf<E> = E extends Endpoint<infer Req, unknown> ? z.input<Req> : never;
export type ResponseOf<E> = E extends Endpoint<z.ZodType, infer Res> ? Res : never;

/** An empty request: no params, query or body fields are read. */
export const noInput = z.object({}).passthrough();
/** A UUID path parameter. A malformed id is a 404 like any unknown id, never a 400 that reveals shape. */
export const idParam = z.object({ id: z.string() });

/** Fills `:param` placeholders, for clients. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
