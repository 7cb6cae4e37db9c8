import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { Contact, PhoneMessage, Reminder, User } from '@jarvis/contracts';
import { getQueryFn, type OutputOf } from '../api/client';
import { queryKeyOf } from '../api/query-keys';
import { api, buildPath, type Route } from '../api/routes';
import { ToastProvider } from '../components/toast/ToastProvider';
import { ThemeSettingsProvider } from '../theme/ThemeSettingsProvider';

export const testUser: User = {
  id: 'u1',
  username: 'ada',
  email: 'ada@example.com',
  emailVerified: true,
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

/** A reminder as GET /api/reminders answers it; `overrides` for what a test is about. */
export function testReminder(overrides: Partial<Reminder> = {}): Reminder {
  return {
    id: 'r1',
    title: 'call mom',
    when: '2025-10-11T21:00:00.000Z',
    reminder_time: null,
    done: false,
    created_at: '2025-10-10T00:00:00.000Z',
    ...overrides,
  };
}

/** A contact as GET /api/contacts answers it; `overrides` for what a test is about. */
export function testContact(overrides: Partial<Contact> = {}): Contact {
  return {
    id: '00000000-0000-4000-8000-00000000c001',
    name: 'Ann Smith',
    phone_number: '+15551234567',
    email: 'ann@example.com',
    notes: 'Sister',
    ...overrides,
  };
}

/** A phone message as GET /api/phone-messages answers it; `overrides` for what a test is about. */
export function testPhoneMessage(overrides: Partial<PhoneMessage> = {}): PhoneMessage {
  return {
    id: '00000000-0000-4000-8000-00000000d001',
    caller_name: 'Ann Smith',
    caller_number: '+15551234567',
    message_type: 'callback_request',
    priority: 'normal',
    status: 'new',
    duration: 65,
    created_at: '2025-11-22T22:07:00.000Z',
    transcript: 'Hi, this is Ann. Please call me back about the kitchen quote before Friday.',
    jarvis_response: 'Thanks Ann, I will pass this on and make sure you get a call back.',
    recording_url: null,
    tags: [],
    action_items: [],
    notes: null,
    follow_up_needed: false,
    callback_requested: true,
    ...overrides,
  };
}

/** A query client for tests: no retries, and the current user preset (null = visitor, undefined = not loaded). */
export function testQueryClient(user?: User | null) {
  const client = new QueryClient({
    defaultOptions: {
      queries: { queryFn: getQueryFn({ on401: 'returnNull' }), retry: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
  if (user !== undefined) client.setQueryData(queryKeyOf(api.identity.currentUser), user);
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

export interface FakeAnswer {
  status?: number;
  body?: unknown;
}
export type FakeRoutes = Record<string, FakeAnswer | (() => FakeAnswer)>;

/**
 * The fake API's answer for one endpoint (`api.<area>.<name>`, path params from `params`): `body` is typed by the
 * endpoint's declared response, so a fake that drifts from the contract fails to compile. Spread into routeFetch.
 */
export function answer<R extends Route>(
  route: R,
  body: OutputOf<R>,
  { params, status }: { params?: Record<string, string | number>; status?: number } = {},
): FakeRoutes {
  return { [`${route.method} ${buildPath(route.path, params)}`]: { status, body } };
}

/** The gateway's failure body for one endpoint: `{ error, code }` and any extra fields. */
export function failure<R extends Route>(
  route: R,
  status: number,
  body: { error: string; code: string; [field: string]: unknown },
  { params }: { params?: Record<string, string | number> } = {},
): FakeRoutes {
  return { [`${route.method} ${buildPath(route.path, params)}`]: { status, body } };
}

/** A fake fetch answering by "METHOD path"; unknown calls answer 503 like an unbuilt service. */
export function routeFetch(routes: FakeRoutes) {
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
