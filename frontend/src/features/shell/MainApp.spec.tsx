import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@jarvis/contracts';
import { browser } from '../../components/browser';
import { renderWithProviders, routeFetch, testUser } from '../../test/render';
import { MainApp } from './MainApp';

let calls: ReturnType<typeof routeFetch>['calls'];

function stubFetch(routes: Parameters<typeof routeFetch>[0]) {
  const fake = routeFetch(routes);
  calls = fake.calls;
  vi.stubGlobal('fetch', vi.fn(fake.fetch));
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderApp(user: User, routes: Parameters<typeof routeFetch>[0] = {}) {
  stubFetch({ 'GET /api/auth/user': { body: user }, ...routes });
  return renderWithProviders(<MainApp user={user} />, { user });
}

describe('MainApp', () => {
  it('opens on chat and switches sections in place', async () => {
    const user = userEvent.setup();
    renderApp(testUser);
    expect(await screen.findByTestId('section-chat')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reminders' }));
    expect(await screen.findByTestId('section-reminders')).toBeInTheDocument();
    expect(screen.queryByTestId('section-chat')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Account' }));
    expect(await screen.findByText('ada')).toBeInTheDocument();
  });

  it('has navigating entries and opens Contracts in a new tab', () => {
    renderApp(testUser);
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Emails' })).toHaveAttribute('href', '/emails');
    expect(within(nav).getByRole('link', { name: 'Voice Orb' })).toHaveAttribute('href', '/orb');
    expect(within(nav).getByRole('link', { name: 'Discord Setup' })).toHaveAttribute(
      'href',
      '/discord-setup',
    );
    expect(within(nav).getByRole('link', { name: 'Saved Conversations' })).toHaveAttribute(
      'href',
      '/conversations',
    );
    expect(within(nav).getByRole('link', { name: 'Contacts' })).toHaveAttribute('href', '/contacts');
    expect(within(nav).getByRole('link', { name: 'Contracts' })).toHaveAttribute('target', '_blank');
  });

  it('shows the four badges from their lists', async () => {
    renderApp(testUser, {
      'GET /api/phone-messages': { body: [{ status: 'new' }, { status: 'new' }, { status: 'read' }] },
      'GET /api/proactive-call/queue': { body: { queue: [], totalQueued: 4, isProcessing: false } },
      'GET /api/notifications': { body: [{ read: false }, { read: true }] },
      'GET /api/reminders': { body: [{ done: false }, { done: false }, { done: false }, { done: true }] },
    });
    await waitFor(() => expect(screen.getByTestId('badge-phone')).toHaveTextContent('2'));
    expect(screen.getByTestId('badge-outbound-calls')).toHaveTextContent('4');
    expect(screen.getByTestId('badge-notifications')).toHaveTextContent('1');
    expect(screen.getByTestId('badge-reminders')).toHaveTextContent('3');
  });

  it('degrades quietly when the badge and suggestion services are down', async () => {
    renderApp(testUser);
    expect(await screen.findByText('No suggestions available')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/reminders')).toBe(true));
    expect(screen.queryByTestId(/^badge-/)).not.toBeInTheDocument();
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });

  it('lists suggestions and raises addChatMessage on Accept', async () => {
    const seen: unknown[] = [];
    const listener = (e: Event) => seen.push((e as CustomEvent).detail);
    window.addEventListener('addChatMessage', listener);
    const user = userEvent.setup();
    renderApp(testUser, {
      'GET /api/whispers': { body: [{ id: 'w1', text: 'Leave early for your 9am', type: 'commute' }] },
    });
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    window.removeEventListener('addChatMessage', listener);
    expect(seen).toEqual([{ text: 'Leave early for your 9am', sender: 'user' }]);
  });

  it('shows the avatar initials and name, and logs out to / even when the call fails', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderApp(testUser, { 'POST /api/logout': { status: 500 } });
    const footer = screen.getByTestId('user-footer');
    expect(within(footer).getByText('AL')).toBeInTheDocument();
    expect(within(footer).getByText('Ada Lovelace')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/logout')).toBe(true);
  });

  it('blocks with the terms dialog until the box is ticked and Accept is pressed', async () => {
    const accepted = { ...testUser, termsAccepted: true };
    const pending = { ...testUser, termsAccepted: false, onboardingCompleted: true };
    const user = userEvent.setup();
    stubFetch({
      'GET /api/auth/user': { body: accepted },
      'POST /api/auth/accept-terms': { body: accepted },
    });
    renderWithProviders(<MainApp user={pending} />, { user: pending });
    const dialog = await screen.findByRole('dialog', { name: 'Terms of Service & Privacy Notice' });
    expect(within(dialog).getByText(/October 9, 2025/)).toBeInTheDocument();
    expect(within(dialog).getByText(/AI model providers/)).toBeInTheDocument();
    const accept = within(dialog).getByRole('button', { name: 'Accept and Continue' });
    expect(accept).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Terms of Service & Privacy Notice' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox'));
    expect(accept).toBeEnabled();
    await user.click(accept);
    await waitFor(() => expect(calls.some((c) => c.path === '/api/auth/accept-terms')).toBe(true));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/auth/user').length).toBeGreaterThan(0));
  });

  it('shows the tour after the terms and closes it on Skip even when the call fails', async () => {
    const fresh = { ...testUser, onboardingCompleted: false };
    const user = userEvent.setup();
    renderApp(fresh, { 'POST /api/auth/onboarding/complete': { status: 500 } });
    expect(await screen.findByText('1 of 8')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Skip tour' }));
    await waitFor(() => expect(screen.queryByTestId('onboarding-tour')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/auth/onboarding/complete')).toBe(true);
  });

  it('does not show the tour while the terms are pending', () => {
    const fresh = { ...testUser, termsAccepted: false, onboardingCompleted: false };
    renderApp(fresh);
    expect(screen.queryByTestId('onboarding-tour')).not.toBeInTheDocument();
  });

  it('restarts the tour from the help menu even when the reset call fails', async () => {
    const user = userEvent.setup();
    renderApp(testUser, { 'POST /api/auth/onboarding/reset': { status: 503 } });
    expect(screen.queryByTestId('onboarding-tour')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Help menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Restart Tutorial' }));
    expect(await screen.findByText('1 of 8')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/auth/onboarding/reset')).toBe(true);
  });
});
