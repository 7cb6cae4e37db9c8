import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './client';
import { createQueryClient, retryDelay, shouldRetryMutation, shouldRetryQuery } from './query-client';
import { queryTimings } from './query-timings';

const serverError = new ApiError(500, '500: boom');
const notFound = new ApiError(404, '404: nope');
const timeout = new ApiError(408, 'Request timed out after 30 seconds. Please try again.');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('retry rules', () => {
  it('retries a failed data load twice for non-4xx errors', () => {
    expect(shouldRetryQuery(0, serverError)).toBe(true);
    expect(shouldRetryQuery(1, serverError)).toBe(true);
    expect(shouldRetryQuery(2, serverError)).toBe(false);
    expect(shouldRetryQuery(0, new TypeError('Failed to fetch'))).toBe(true);
  });

  it('never retries a 4xx answer, including the 408 timeout', () => {
    expect(shouldRetryQuery(0, notFound)).toBe(false);
    expect(shouldRetryQuery(0, timeout)).toBe(false);
    expect(shouldRetryMutation(0, notFound)).toBe(false);
  });

  it('retries a mutation once for non-4xx errors', () => {
    expect(shouldRetryMutation(0, serverError)).toBe(true);
    expect(shouldRetryMutation(1, serverError)).toBe(false);
  });

  it('waits exponentially from 1 s up to 30 s', () => {
    expect(retryDelay(0)).toBe(1_000);
    expect(retryDelay(1)).toBe(2_000);
    expect(retryDelay(2)).toBe(4_000);
    expect(retryDelay(4)).toBe(16_000);
    expect(retryDelay(5)).toBe(30_000);
    expect(retryDelay(20)).toBe(30_000);
  });
});

describe('query client defaults', () => {
  it('never refetches on focus or interval and never goes stale by time', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.refetchOnWindowFocus).toBe(false);
    expect(defaults.queries?.refetchInterval).toBe(false);
    expect(defaults.queries?.staleTime).toBe(Infinity);
    expect(defaults.queries?.retry).toBe(shouldRetryQuery);
    expect(defaults.mutations?.retry).toBe(shouldRetryMutation);
  });

  it('loads a key with the default GET and retries a 500 twice before failing', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(() => Promise.resolve(new Response('boom', { status: 500 })));
    vi.stubGlobal('fetch', fetch);
    const client = createQueryClient();
    const observer = client.getQueryCache().build(client, { queryKey: ['/api/reminders'] });
    const result = observer.fetch().catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1_000 + 2_000 + 10);
    expect(await result).toMatchObject({ status: 500 });
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(fetch.mock.calls[0]).toEqual(['/api/reminders', expect.objectContaining({ method: 'GET' })]);
  });

  it('does not retry a 404', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response('missing', { status: 404 })));
    vi.stubGlobal('fetch', fetch);
    const client = createQueryClient();
    const query = client.getQueryCache().build(client, { queryKey: ['/api/whispers'] });
    await expect(query.fetch()).rejects.toMatchObject({ status: 404 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('retries a failed mutation once', async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    const mutationFn = vi.fn(() => Promise.reject(serverError));
    const mutation = client.getMutationCache().build(client, { mutationFn });
    const result = mutation.execute(undefined).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1_010);
    expect(await result).toBe(serverError);
    expect(mutationFn).toHaveBeenCalledTimes(2);
  });
});

describe('per-query timings (one place)', () => {
  it('uses the stale and refetch times of the specs', () => {
    expect(queryTimings.whispers).toEqual({ staleTime: 30_000, refetchInterval: 60_000 });
    expect(queryTimings.notifications).toEqual({ staleTime: 10_000, refetchInterval: 15_000 });
    expect(queryTimings.callQueueShell).toEqual({ staleTime: 10_000, refetchInterval: 15_000 });
    expect(queryTimings.callQueueOutbound).toEqual({ staleTime: 20_000, refetchInterval: 30_000 });
    expect(queryTimings.callLogs).toEqual({ staleTime: 45_000, refetchInterval: 60_000 });
    expect(queryTimings.reminders.staleTime).toBe(30_000);
    expect(queryTimings.phoneMessages.staleTime).toBe(30_000);
    expect(queryTimings.memories.staleTime).toBe(30_000);
    expect(queryTimings.emailStatus.staleTime).toBe(60_000);
    expect(queryTimings.mailList.staleTime).toBe(30_000);
    expect(queryTimings.personality.staleTime).toBe(300_000);
    expect(queryTimings.career.staleTime).toBe(300_000);
    expect(queryTimings.patterns).toEqual({ staleTime: 300_000, refetchInterval: 600_000 });
    expect(queryTimings.calendarConnection).toEqual({ refetchInterval: 5_000, retry: false });
    expect(queryTimings.calendarSyncStatus.refetchInterval).toBe(10_000);
  });
});
