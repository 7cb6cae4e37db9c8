import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, routeFetch, testUser } from '../test/render';
import { AppRoutes } from './AppRoutes';

beforeEach(() => {
  // An unknown booking code, as the public booking page asks for it.
  vi.stubGlobal(
    'fetch',
    vi.fn(
      routeFetch({
        'GET /api/booking-requests/xyz': {
          status: 404,
          body: { error: 'Booking link not found', code: 'NOT_FOUND' },
        },
      }).fetch,
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('routes', () => {
  it('shows the landing page to a visitor at /', async () => {
    renderWithProviders(<AppRoutes />, { user: null, route: '/' });
    expect(await screen.findByTestId('landing-page')).toBeInTheDocument();
    expect(screen.queryByTestId('main-app')).not.toBeInTheDocument();
  });

  it('shows the landing page while the user is still loading, after a short wait without a flash', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    renderWithProviders(<AppRoutes />, { route: '/' });
    expect(screen.getByTestId('loading-state')).toBeInTheDocument();
    expect(screen.queryByTestId('landing-page')).not.toBeInTheDocument();
    expect(await screen.findByTestId('landing-page')).toHaveAttribute('aria-busy', 'true');
  });

  it('goes straight to the main app when the user loads quickly, never loading the landing page', async () => {
    vi.stubGlobal('fetch', vi.fn(routeFetch({ 'GET /api/auth/user': { body: testUser } }).fetch));
    renderWithProviders(<AppRoutes />, { route: '/' });
    expect(await screen.findByTestId('main-app')).toBeInTheDocument();
    expect(screen.queryByTestId('landing-page')).not.toBeInTheDocument();
  });

  it('says the app is offline, not the visitor page, when the server cannot be reached, and goes on when it can', async () => {
    let online = false;
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
        online
          ? routeFetch({ 'GET /api/auth/user': { body: testUser } }).fetch(String(input), init)
          : Promise.reject(new TypeError('Failed to fetch')),
      ),
    );
    renderWithProviders(<AppRoutes />, { route: '/' });
    expect(await screen.findByRole('heading', { name: 'You are offline' })).toBeInTheDocument();
    expect(screen.queryByTestId('landing-page')).not.toBeInTheDocument();
    online = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('main-app')).toBeInTheDocument();
  });

  it('shows the main app to a signed-in user at /', async () => {
    renderWithProviders(<AppRoutes />, { user: testUser, route: '/' });
    expect(await screen.findByTestId('main-app')).toBeInTheDocument();
  });

  it('falls to the 404 page for an unknown path', async () => {
    renderWithProviders(<AppRoutes />, { user: null, route: '/no-such-page' });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
    expect(document.title).toBe('404 Page Not Found');
  });

  it('routes /orb only for a signed-in user', async () => {
    const visitor = renderWithProviders(<AppRoutes />, { user: null, route: '/orb' });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    visitor.unmount();
    renderWithProviders(<AppRoutes />, { user: testUser, route: '/orb' });
    expect(await screen.findByRole('heading', { name: 'Voice Orb' })).toBeInTheDocument();
  });

  it.each([
    ['/discord-setup', 'Discord Setup'],
    ['/conversations', 'Saved Conversations'],
    ['/emails', 'Emails'],
    ['/contacts', 'Contacts'],
    ['/calendar-settings', 'Calendar Sync Settings'],
    ['/shared/abc123', 'Shared conversation'],
    ['/book/xyz', 'Booking Not Found'],
    ['/help', 'Help & Documentation'],
    ['/account', 'Account'],
    ['/shared', 'Share Jarvis'],
    ['/login', 'Welcome to Jarvis'],
  ])('routes %s to its page', async (route, heading) => {
    renderWithProviders(<AppRoutes />, { user: null, route });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });
});
