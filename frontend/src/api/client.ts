import type { ErrorBody, RequestInputOf, ResponseOf } from '@jarvis/contracts';
import { buildPath, type Route } from './routes';

/**
 * The one HTTP client of the web app (doc1 §7, doc3 §7 "Common request behaviour").
 * Every screen goes through `apiRequest` or the default query function built on it.
 */

export const REQUEST_TIMEOUT_MS = 30_000;
export const TIMEOUT_STATUS = 408;
export const TIMEOUT_MESSAGE = 'Request timed out after 30 seconds. Please try again.';

/** A failed call: the message reads "`status`: `text`" and the numeric status is kept. */
export class ApiError extends Error {
  readonly status: number;
  /**
   * The failure's JSON body when it was a JSON object: the gateway's `{ error, code, ...details }` (`fields`,
   * `requiresUpgrade`, ...). Read the details through their helpers (`fieldErrorsOf`, `quotaExceededOf`).
   */
  readonly body: ErrorBody | undefined;

  constructor(status: number, message: string, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body && typeof body === 'object' && !Array.isArray(body) ? (body as ErrorBody) : undefined;
  }

  /** The server's human `error` field, when the body carried one. */
  get serverMessage(): string | undefined {
    const error: unknown = this.body?.error;
    return typeof error === 'string' && error.trim() ? error : undefined;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The HTTP status an error carries, if any. */
export function statusOf(error: unknown): number | undefined {
  if (error && typeof error === 'object' && typeof (error as { status?: unknown }).status === 'number') {
    return (error as { status: number }).status;
  }
  return undefined;
}

export function isClientError(error: unknown): boolean {
  const status = statusOf(error);
  return status !== undefined && status >= 400 && status < 500;
}

/** The text a toast can show for a failure: the server's `error` field, else the given fallback. */
export function serverMessageOr(error: unknown, fallback: string): string {
  return (isApiError(error) && error.serverMessage) || fallback;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface RequestOptions {
  /** Aborts the call from outside (e.g. TanStack Query cancelling a query). */
  signal?: AbortSignal;
  /** Extra headers; the XMLHttpRequest marker is always sent. */
  headers?: Record<string, string>;
}

async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text().catch(() => '')) || res.statusText;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  throw new ApiError(res.status, `${res.status}: ${text}`, body);
}

/**
 * Sends one request with cookies and the XMLHttpRequest marker; `data` as JSON (with its content type) when there is
 * one, or as multipart/form-data when it is a FormData.
 * Resolves with the OK response; rejects with an ApiError for a non-OK status or after 30 s (status 408).
 */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  data?: unknown,
  options: RequestOptions = {},
): Promise<Response> {
  return apiRequestReading(method, url, data, options, async (res) => res);
}

/**
 * apiRequest whose 30 s limit and abort also cover reading the body with `read`: a streamed reply must finish
 * within the limit, and a cancelled call stops reading it. `read` gets the signal that aborts the body.
 */
export async function apiRequestReading<T>(
  method: HttpMethod,
  url: string,
  data: unknown,
  options: RequestOptions,
  read: (res: Response, signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  options.signal?.addEventListener('abort', forwardAbort);

  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest', ...options.headers };
  // A form (a multipart upload) goes as it is: the browser sets multipart/form-data with its boundary.
  const isForm = data instanceof FormData;
  const hasBody = data !== undefined;
  if (hasBody && !isForm) headers['Content-Type'] = 'application/json';

  try {
    const res = await fetch(url, {
      method,
      headers,
      body: isForm ? data : hasBody ? JSON.stringify(data) : undefined,
      credentials: 'include',
      signal: controller.signal,
    });
    await throwIfResNotOk(res);
    return await read(res, controller.signal);
  } catch (error) {
    if (timedOut) throw new ApiError(TIMEOUT_STATUS, TIMEOUT_MESSAGE);
    throw error;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }
}

/** Reads a JSON body; an empty body (204, or a non-JSON success) yields null. */
export async function readJson<T>(res: Response): Promise<T> {
  const text = await res.text();
  if (!text) return null as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null as T;
  }
}

/** apiRequest + JSON body, for typed API modules. */
export async function apiJson<T>(
  method: HttpMethod,
  url: string,
  data?: unknown,
  options?: RequestOptions,
): Promise<T> {
  return readJson<T>(await apiRequest(method, url, data, options));
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * The GET url of a query key (`queryKeyOf` in query-keys.ts): the declared path, its `:params` and query filled from
 * the key's input as callApi fills them. `['/api/reminders']` → `/api/reminders`;
 * `['/api/weather/forecast/:location', { location: 'Paris', days: 3 }]` → `/api/weather/forecast/Paris?days=3`.
 */
export function urlFromQueryKey(queryKey: readonly unknown[]): string {
  const [path, input] = queryKey;
  return requestOf({ method: 'GET', path: String(path) }, (input ?? {}) as object).url;
}

/**
 * The query function every query uses unless it names its own: a GET of the key's url, parsing JSON. With
 * `returnNull` (the default) a 401 yields null instead of failing.
 */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }) {
  return async ({
    queryKey,
    signal,
  }: {
    queryKey: readonly unknown[];
    signal?: AbortSignal;
  }): Promise<T | null> => {
    try {
      return await apiJson<T>('GET', urlFromQueryKey(queryKey), undefined, { signal });
    } catch (error) {
      if (on401 === 'returnNull' && statusOf(error) === 401) return null;
      throw error;
    }
  };
}

type EndpointOf<R> = R extends Route<infer E> ? E : never;
/** What `callApi` takes for a route: the request fields of its declaration (path params, query or body). */
export type InputOf<R> = RequestInputOf<EndpointOf<R>>;
/** What `callApi` resolves with for a route: the response type of its declaration. */
export type OutputOf<R> = ResponseOf<EndpointOf<R>>;
/** The input may be left out when the endpoint reads none. */
type InputArgs<R> =
  Record<string, never> extends InputOf<R>
    ? [input?: InputOf<R>, options?: RequestOptions]
    : [input: InputOf<R>, options?: RequestOptions];

function queryString(fields: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null && String(value).trim() !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * The URL and body of a call: `:params` of the path are filled from `input`; a GET sends the other fields as the
 * query (blank ones left out), any other method as the JSON body (none when nothing is left).
 */
export function requestOf(route: Route, input: object = {}): { url: string; body: unknown } {
  const rest: Record<string, unknown> = { ...input };
  const params: Record<string, string | number> = {};
  for (const [, name] of route.path.matchAll(/:([A-Za-z0-9_]+)/g)) {
    params[name] = rest[name] as string | number;
    delete rest[name];
  }
  const path = buildPath(route.path, params);
  if (route.method === 'GET') return { url: `${path}${queryString(rest)}`, body: undefined };
  return { url: path, body: Object.keys(rest).length > 0 ? rest : undefined };
}

/**
 * Calls one endpoint of libs/contracts: method and path from the routes table (`api.<area>.<name>`), request and
 * response types from its declaration. Resolves with the JSON body (null when empty).
 */
export async function callApi<R extends Route>(route: R, ...args: InputArgs<R>): Promise<OutputOf<R>> {
  const [input, options] = args as [object | undefined, RequestOptions | undefined];
  const { url, body } = requestOf(route, input ?? {});
  return apiJson<OutputOf<R>>(route.method, url, body, options);
}

/** A list the endpoint answers, or an empty list when the body is not one (an empty answer, a service not built). */
export function asList<T>(body: readonly T[] | null | undefined): T[] {
  return Array.isArray(body) ? (body as T[]) : [];
}
