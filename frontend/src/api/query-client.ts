import { QueryClient } from '@tanstack/react-query';
import { getQueryFn, isClientError } from './client';

/** Data loads are retried up to twice, mutations once; 4xx answers never (doc1 §8, §9). */
export const QUERY_MAX_RETRIES = 2;
export const MUTATION_MAX_RETRIES = 1;
export const RETRY_BASE_DELAY_MS = 1_000;
export const RETRY_MAX_DELAY_MS = 30_000;

export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return !isClientError(error) && failureCount < QUERY_MAX_RETRIES;
}

export function shouldRetryMutation(failureCount: number, error: unknown): boolean {
  return !isClientError(error) && failureCount < MUTATION_MAX_RETRIES;
}

/** Exponential from 1 s, capped at 30 s. `attempt` is 0 for the first retry. */
export function retryDelay(attempt: number): number {
  return Math.min(RETRY_BASE_DELAY_MS * 2 ** attempt, RETRY_MAX_DELAY_MS);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'returnNull' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: shouldRetryQuery,
        retryDelay,
      },
      mutations: {
        retry: shouldRetryMutation,
        retryDelay,
      },
    },
  });
}
