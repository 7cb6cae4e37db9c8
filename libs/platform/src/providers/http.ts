import { performance } from 'node:perf_hooks';
import { ProviderUnavailableError } from '@jarvis/contracts';
import { httpOperation, providerLabel } from '../observability/labels';
import type { ProviderOutcome } from '../observability/platform-metrics';
import { recordProviderCall, statusOutcome } from '../observability/provider-calls';
import { currentService } from '../observability/service-scope';

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
  // Measured as `jarvis_provider_*{provider, operation}`: the provider's name and the method with the URL's path,
  // ids taken out (labels.ts), until the whole body is read.
  const metrics = currentService()?.metrics;
  const labels = [providerLabel(provider.name), httpOperation(init.method, url)] as const;
  const start = performance.now();
  const done = (outcome: ProviderOutcome) => recordProviderCall(metrics, ...labels, outcome, (performance.now() - start) / 1000);
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    text = await res.text();
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    done(timedOut ? 'timeout' : 'error');
    throw new ProviderUnavailableError(provider.name, provider.variables, timedOut ? `no answer within ${timeoutMs / 1000} seconds` : 'it could not be reached');
  }
  done(statusOutcome(res.status));
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
