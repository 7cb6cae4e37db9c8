import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders, routeFetch, testUser } from '../test/render';
import { AppRoutes } from './AppRoutes';

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(routeFetch({}).fetch));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('routes', () => {
  it('shows the landing page to a visitor at /', () => {
    renderWithProviders(<AppRoutes />, { user: null, route: '/' });
    expect(screen.getByTestId('landing-page')).toBeInTheDocument();
    expect(screen.queryByTestId('main-app')).not.toBeInTheDocument();
  });

  it('shows the landing page while the user is still loading', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    renderWithProviders(<AppRoutes />, { route: '/' });
    expect(screen.getByTestId('landing-page')).toBeInTheDocument();
  });

  it('shows the main app to a signed-in user at /', () => {
    renderWithProviders(<AppRoutes />, { user: testUser, route: '/' });
    expect(screen.getByTestId('main-app')).toBeInTheDocument();
  });

  it('falls to the 404 page for an unknown path', () => {
    renderWithProviders(<AppRoutes />, { user: null, route: '/no-such-page' });
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
    expect(document.title).toBe('404 Page Not Found');
  });

  it('routes /orb only for a signed-in user', () => {
    const visitor = renderWithProviders(<AppRoutes />, { user: null, route: '/orb' });
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    visitor.unmount();
    renderWithProviders(<AppRoutes />, { user: testUser, route: '/orb' });
    expect(screen.getByRole('heading', { name: 'Voice Orb' })).toBeInTheDocument();
  });

  it.each([
    ['/discord-setup', 'Discord Setup'],
    ['/conversations', 'Saved Conversations'],
    ['/emails', 'Emails'],
    ['/contacts', 'Contacts'],
    ['/calendar-settings', 'Calendar Sync Settings'],
    ['/shared/abc123', 'Shared conversation'],
    ['/book/xyz', 'Book a time'],
    ['/help', 'Help & Documentation'],
    ['/account', 'Account'],
    ['/shared', 'Share Jarvis'],
    ['/login', 'Welcome to Jarvis'],
  ])('routes %s to its page', (route, heading) => {
    renderWithProviders(<AppRoutes />, { user: null, route });
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });
});
