import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import type { User } from '@jarvis/contracts';
import { api } from '../../api/routes';
import { renderWithProviders, routeFetch, testUser } from '../../test/render';
import { useCurrentUser } from '../../state/use-current-user';
import { CHECKOUT_POLL_MS, CheckoutReturnNotice } from './CheckoutReturnNotice';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function Notice() {
  const { user } = useCurrentUser();
  return user ? <CheckoutReturnNotice user={user} /> : null;
}

describe('CheckoutReturnNotice', () => {
  it('is done at once when the webhook came first: the user is already on the plan named', () => {
    vi.stubGlobal('fetch', vi.fn(routeFetch({}).fetch));
    const premium = { ...testUser, subscriptionTier: 'premium' as const };
    renderWithProviders(<CheckoutReturnNotice user={premium} />, {
      user: premium,
      route: '/account?checkout=success&plan=premium',
    });
    expect(screen.getByTestId('checkout-notice')).toHaveTextContent('Thank you! Your plan is now active.');
  });

  it('asks for the user again until the webhook has changed the plan, then says so', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let current: User = testUser;
    const fake = routeFetch({ 'GET /api/auth/user': () => ({ body: current }) });
    vi.stubGlobal('fetch', vi.fn(fake.fetch));
    renderWithProviders(<Notice />, { user: testUser, route: '/account?checkout=success' });
    expect(screen.getByTestId('checkout-notice')).toHaveTextContent('Payment received. Updating your plan…');
    await act(() => vi.advanceTimersByTimeAsync(CHECKOUT_POLL_MS + 10));
    expect(fake.calls.filter((call) => call.path === api.identity.currentUser.path).length).toBeGreaterThan(
      0,
    );
    current = { ...testUser, subscriptionTier: 'premium' };
    await act(() => vi.advanceTimersByTimeAsync(CHECKOUT_POLL_MS + 10));
    expect(await screen.findByText('Thank you! Your plan is now active.')).toBeInTheDocument();
    const asked = fake.calls.length;
    await act(() => vi.advanceTimersByTimeAsync(CHECKOUT_POLL_MS * 3));
    expect(fake.calls.length).toBe(asked);
  });

  it('says a cancelled checkout changed nothing, and shows nothing without a checkout', () => {
    vi.stubGlobal('fetch', vi.fn(routeFetch({}).fetch));
    const view = renderWithProviders(<CheckoutReturnNotice user={testUser} />, {
      user: testUser,
      route: '/account?checkout=cancelled',
    });
    expect(screen.getByTestId('checkout-notice')).toHaveTextContent(
      'Checkout was cancelled. Your plan has not changed.',
    );
    view.unmount();
    renderWithProviders(<CheckoutReturnNotice user={testUser} />, { user: testUser, route: '/account' });
    expect(screen.queryByTestId('checkout-notice')).toBeNull();
  });
});
