import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { browser } from '../../components/browser';
import { api } from '../../api/routes';
import { answer, renderWithProviders, routeFetch, testUser } from '../../test/render';
import { AccountPanel } from './AccountPanel';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AccountPanel', () => {
  it("shows the month's outgoing calls on a plan with calls, capped at 100%, and never asks on free", async () => {
    const fake = routeFetch(answer(api.billing.callUsage, { outgoingCallsThisMonth: 7, limit: 5 }));
    vi.stubGlobal('fetch', vi.fn(fake.fetch));
    const premium = { ...testUser, subscriptionTier: 'premium' as const, stripeCustomerId: 'cus_1' };
    const view = renderWithProviders(<AccountPanel user={premium} />, { user: premium });
    const usage = await screen.findByTestId('account-call-usage');
    expect(usage).toHaveTextContent('7 of 5');
    expect(screen.getByRole('progressbar', { name: 'Outgoing calls used this month' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    view.unmount();
    fake.calls.length = 0;
    renderWithProviders(<AccountPanel user={testUser} />, { user: testUser });
    expect(screen.queryByTestId('account-call-usage')).toBeNull();
    expect(fake.calls.some((call) => call.path === api.billing.callUsage.path)).toBe(false);
  });

  it("shows 'Guest' without a username, the plan, both upgrades and a disabled Manage Billing on free", () => {
    vi.stubGlobal('fetch', vi.fn(routeFetch({}).fetch));
    const guest = { ...testUser, username: null };
    renderWithProviders(<AccountPanel user={guest} />, { user: guest });
    expect(screen.getByText('Guest')).toBeInTheDocument();
    expect(screen.getByTestId('current-plan')).toHaveTextContent('Free');
    expect(screen.getByRole('button', { name: 'Upgrade to Premium' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upgrade to Enterprise' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Manage Billing' })).toBeDisabled();
  });

  it('offers only Enterprise to premium users, nothing to enterprise users', () => {
    vi.stubGlobal('fetch', vi.fn(routeFetch({}).fetch));
    const premium = { ...testUser, subscriptionTier: 'premium' as const, stripeCustomerId: 'cus_1' };
    const view = renderWithProviders(<AccountPanel user={premium} />, { user: premium });
    expect(screen.queryByRole('button', { name: 'Upgrade to Premium' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upgrade to Enterprise' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Manage Billing' })).toBeEnabled();
    view.unmount();
    const enterprise = { ...testUser, subscriptionTier: 'enterprise' as const, stripeCustomerId: 'cus_1' };
    renderWithProviders(<AccountPanel user={enterprise} />, { user: enterprise });
    expect(screen.queryByText('Upgrade Options')).not.toBeInTheDocument();
  });

  it("reports the server's answer when checkout fails", async () => {
    const fake = routeFetch({
      'POST /api/stripe/create-checkout-session': {
        status: 503,
        body: {
          error: 'Stripe is not configured. Set STRIPE_SECRET_KEY to enable it.',
          code: 'PROVIDER_UNAVAILABLE',
        },
      },
    });
    vi.stubGlobal('fetch', vi.fn(fake.fetch));
    const user = userEvent.setup();
    renderWithProviders(<AccountPanel user={testUser} />, { user: testUser });
    await user.click(screen.getByRole('button', { name: 'Upgrade to Premium' }));
    expect(await screen.findByText('Upgrade Failed')).toBeInTheDocument();
    expect(
      screen.getByText('Stripe is not configured. Set STRIPE_SECRET_KEY to enable it.'),
    ).toBeInTheDocument();
    expect(fake.calls.find((c) => c.path === '/api/stripe/create-checkout-session')?.body).toEqual({
      tier: 'premium',
    });
  });

  it('goes to the checkout url, or says none was received', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    let body: unknown = { url: 'https://checkout.example/session' };
    vi.stubGlobal(
      'fetch',
      vi.fn(routeFetch({ 'POST /api/stripe/create-checkout-session': () => ({ body }) }).fetch),
    );
    const user = userEvent.setup();
    renderWithProviders(<AccountPanel user={testUser} />, { user: testUser });
    await user.click(screen.getByRole('button', { name: 'Upgrade to Enterprise' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/session'));
    body = {};
    await user.click(screen.getByRole('button', { name: 'Upgrade to Enterprise' }));
    expect(await screen.findByText('No checkout URL received from server')).toBeInTheDocument();
  });

  it('opens the billing portal and reports a failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(routeFetch({ 'POST /api/stripe/create-portal-session': { status: 500 } }).fetch),
    );
    const premium = { ...testUser, subscriptionTier: 'premium' as const, stripeCustomerId: 'cus_1' };
    const user = userEvent.setup();
    renderWithProviders(<AccountPanel user={premium} />, { user: premium });
    await user.click(screen.getByRole('button', { name: 'Manage Billing' }));
    expect(await screen.findByText('Failed to open billing portal')).toBeInTheDocument();
  });
});
