import { ProviderUnavailableError } from '@jarvis/contracts';

/**
 * The kit every provider adapter (`<vendor>.adapter.ts`) is written with: a deadline on each call, and errors that
 * name the provider and the variables that configure it, so an operator knows what to set.
 */
export interface ProviderInfo {
  /** Human name, e.g. OpenWeatherMap. */
  name: string;
  /** The variables that configure it, named in its errors (the credential first). */
  variables: string[];
}

export interface HttpResult<T = unknown> {
  status: number;
  /** Parsed JSON (typed by the caller after checking the status), or the raw text. */
  body: T;
  headers: Headers;
}

/** The credential a call needs; without it, the 503 that says which variable to set (the app stays up). */
export function requireCredential(provider: ProviderInfo, value: string | undefined): string {
  if (!value) throw new ProviderUnavailableError(provider.name, provider.variables);
  return value;
}

/** A provider's base URL (from `<PROVIDER>_BASE_URL`) joined with a path that starts with a slash. */
export function providerUrl(base: string, path: string): string {
  return base.replace(/\/+$/, '') + path;
}

/**
 * One call to a provider's documented HTTP API with a deadline. Network failures and timeouts become
 * ProviderUnavailableError naming the provider; the caller maps the statuses that mean something to the user.
 */
export async function providerFetch<T = unknown>(provider: ProviderInfo, url: string, init: RequestInit = {}, timeoutMs = 8_000): Promise<HttpResult<T>> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    throw new ProviderUnavailableError(provider.name, provider.variables, timedOut ? `no answer within ${timeoutMs / 1000} seconds` : 'it could not be reached');
  }
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* keep the text */
  }
  return { status: res.status, body: body as T, headers: res.headers };
}

/** The error for a status the adapter has no better meaning for. */
export function unexpectedStatus(provider: ProviderInfo, result: HttpResult<unknown>): ProviderUnavailableError {
  if (result.status === 401 || result.status === 403) {
    return new ProviderUnavailableError(provider.name, provider.variables, `the credentials were rejected (check ${provider.variables[0]})`);
  }
  return new ProviderUnavailableError(provider.name, provider.variables, `it answered ${result.status}`);
}
