import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { User } from '@jarvis/contracts';
import { getQueryFn } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { ToastProvider } from '../components/toast/ToastProvider';
import { ThemeSettingsProvider } from '../theme/ThemeSettingsProvider';

export const testUser: User = {
  id: 'u1',
  username: 'ada',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  profileImageUrl: null,
  hasPassword: true,
  termsAccepted: true,
  termsAcceptedEmail: 'ada@example.com',
  termsAcceptedAt: '2025-10-10T00:00:00.000Z',
  onboardingCompleted: true,
  subscriptionTier: 'free',
  stripeCustomerId: null,
  themeMode: 'light',
  themeColor: 'blue',
  createdAt: '2025-10-10T00:00:00.000Z',
};

/** A query client for tests: no retries, and the current user preset (null = visitor, undefined = not loaded). */
export function testQueryClient(user?: User | null) {
  const client = new QueryClient({
    defaultOptions: {
      queries: { queryFn: getQueryFn({ on401: 'returnNull' }), retry: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
  if (user !== undefined) client.setQueryData(queryKeys.currentUser, user);
  return client;
}

/** Renders with the app's providers and a memory router at `route`. */
export function renderWithProviders(
  ui: ReactElement,
  { user, route = '/', client }: { user?: User | null; route?: string; client?: QueryClient } = {},
) {
  const queryClient = client ?? testQueryClient(user);
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ThemeSettingsProvider>
        <ToastProvider>
          <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
        </ToastProvider>
      </ThemeSettingsProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

/** A fake fetch answering by "METHOD path"; unknown calls answer 503 like an unbuilt service. */
export function routeFetch(
  routes: Record<string, { status?: number; body?: unknown } | (() => { status?: number; body?: unknown })>,
) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetch = async (input: string, init: RequestInit = {}) => {
    const method = (init.method ?? 'GET').toUpperCase();
    const path = new URL(input, 'http://localhost').pathname;
    calls.push({ method, path, body: init.body ? JSON.parse(init.body as string) : undefined });
    const hit = routes[`${method} ${path}`];
    const answer = typeof hit === 'function' ? hit() : hit;
    if (!answer)
      return new Response(JSON.stringify({ error: 'Service unavailable', code: 'SERVICE_UNAVAILABLE' }), {
        status: 503,
      });
    const status = answer.status ?? 200;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status });
  };
  return { fetch, calls };
}
