/** What `waitFor` answers: the predicate's value once truthy. */
export type Truthy<T> = Exclude<T, false | 0 | '' | null | undefined>;

export interface WaitForOptions {
  /** How long to keep trying (5 s unless given). */
  timeoutMs?: number;
  /** How long between tries (25 ms unless given). */
  intervalMs?: number;
  /** What was awaited, for the failure: a text, or a function that describes the state at the time it failed. */
  message?: string | (() => string);
}

/**
 * Polls `predicate` until it answers a truthy value, and returns that value. A predicate that throws counts as not yet.
 * Past `timeoutMs` it fails with what was awaited (`message`, else the predicate's source), the last value and the
 * last error, so a test that waits on something that never happens says what it waited for.
 *
 * ```ts
 * const log = await waitFor(() => h.call(api.telephony.callLogs, {}, alice).then((logs) => logs.find((l) => l.id === id)), { timeoutMs: 15_000 });
 * await waitFor(() => live.messages.length >= 2, { message: () => `2 live events, got ${live.messages.length}` });
 * ```
 */
export async function waitFor<T>(predicate: () => T | Promise<T>, options: WaitForOptions = {}): Promise<Truthy<T>> {
  const { timeoutMs = 5_000, intervalMs = 25 } = options;
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  let lastError: unknown;
  for (;;) {
    try {
      last = await predicate();
      lastError = undefined;
      if (last) return last as Truthy<T>;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline) break;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  const awaited = typeof options.message === 'function' ? options.message() : (options.message ?? predicate.toString());
  const error = new Error(
    `waitFor gave up after ${timeoutMs} ms: ${awaited}` +
      (lastError === undefined ? `; last answer ${describe(last)}` : `; last try threw ${lastError instanceof Error ? lastError.message : String(lastError)}`),
  );
  if (lastError !== undefined) error.cause = lastError;
  throw error;
}

function describe(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
