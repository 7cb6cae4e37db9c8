import { performance } from 'node:perf_hooks';
import { httpOperation, providerLabel } from './labels';
import type { ServiceMetrics } from './metrics';
import { PROVIDER_DURATION, PROVIDER_REQUESTS, type ProviderOutcome } from './platform-metrics';
import { currentService } from './service-scope';

/**
 * `jarvis_provider_requests_total` and `jarvis_provider_request_duration_seconds` around a call to a third-party
 * provider. The HTTP kit (`providerFetch`) and the OpenAI connection measure their calls themselves; an adapter on
 * another SDK wraps each call:
 *
 * ```ts
 * const call = await providerCall('twilio', 'calls.create', () => this.client.calls.create({ ... }));
 * ```
 *
 * `provider` and `operation` are fixed by the code (never a URL or an id); the outcome is `ok`, `error` (it threw, or
 * `failed(result)` says the answer is a failure), `timeout` or `cancelled`. The metrics are the service's the code
 * runs in (service-scope.ts); outside any service nothing is recorded.
 */
export async function providerCall<T>(provider: string, operation: string, call: () => Promise<T>, failed?: (result: T) => boolean): Promise<T> {
  const metrics = currentService()?.metrics;
  const start = performance.now();
  let outcome: ProviderOutcome = 'ok';
  try {
    const result = await call();
    if (failed?.(result)) outcome = 'error';
    return result;
  } catch (error) {
    outcome = providerOutcomeOf(error);
    throw error;
  } finally {
    recordProviderCall(metrics, provider, operation, outcome, (performance.now() - start) / 1000);
  }
}

/** `timeout` for a deadline that passed, `cancelled` for a caller that gave up, `error` for the rest. */
export function providerOutcomeOf(error: unknown): ProviderOutcome {
  const name = (error as { name?: unknown })?.name;
  const constructorName = (error as object | undefined)?.constructor?.name ?? '';
  if (name === 'TimeoutError' || /Timeout/.test(constructorName)) return 'timeout';
  if (name === 'AbortError' || /UserAbort/.test(constructorName)) return 'cancelled';
  return 'error';
}

/**
 * A provider's answer as an outcome: 5xx, 401, 403, 408 and 429 are `error` (the provider failed, refused our
 * credentials or is overloaded); other statuses are answers (a 404 for a place nobody knows is the user's input).
 */
export function statusOutcome(status: number): ProviderOutcome {
  return status >= 500 || status === 401 || status === 403 || status === 408 || status === 429 ? 'error' : 'ok';
}

export function recordProviderCall(
  metrics: ServiceMetrics | undefined,
  provider: string,
  operation: string,
  outcome: ProviderOutcome,
  seconds: number,
): void {
  if (!metrics) return;
  const labels = { provider, operation, outcome };
  metrics.get(PROVIDER_REQUESTS).inc(labels);
  metrics.get(PROVIDER_DURATION).observe(labels, seconds);
}

/**
 * A `fetch` for an SDK that takes one (the `openai` SDK's `fetch` option) that measures each HTTP request it makes:
 * the operation is the method and the path with ids taken out (`POST /v1/chat/completions`); the status counts as
 * `statusOutcome` says. An abort after `timeoutMs` is the SDK's own deadline (`timeout`), an earlier one the caller's
 * (`cancelled`). A streamed answer is timed until its headers.
 */
export function measuredFetch(provider: string, timeoutMs?: number, fetchImpl: typeof fetch = fetch): typeof fetch {
  const label = providerLabel(provider);
  return async (input, init) => {
    const metrics = currentService()?.metrics;
    const url = typeof input === 'string' || input instanceof URL ? input : input.url;
    const method = init?.method ?? (typeof input === 'object' && 'method' in input ? input.method : undefined);
    const operation = httpOperation(method, url);
    const start = performance.now();
    try {
      const res = await fetchImpl(input, init);
      recordProviderCall(metrics, label, operation, statusOutcome(res.status), (performance.now() - start) / 1000);
      return res;
    } catch (error) {
      const elapsed = performance.now() - start;
      let outcome = providerOutcomeOf(error);
      if (outcome === 'cancelled' && timeoutMs !== undefined && elapsed >= timeoutMs * 0.98) outcome = 'timeout';
      recordProviderCall(metrics, label, operation, outcome, elapsed / 1000);
      throw error;
    }
  };
}
