import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../../api/routes';
import { browser } from '../../components/browser';
import { answer, renderWithProviders, routeFetch, testUser } from '../../test/render';
import { MailConnectionRow } from './MailConnectionRow';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('MailConnectionRow', () => {
  it('connects through the authorization url, coming back to /account', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const fake = routeFetch({
      ...answer(api.mail.status, { connected: false, email: null }),
      ...answer(api.mail.authUrl, { url: 'https://accounts.example/auth' }),
    });
    vi.stubGlobal('fetch', vi.fn(fake.fetch));
    const user = userEvent.setup();
    renderWithProviders(<MailConnectionRow />, { user: testUser, route: '/account' });
    expect(await screen.findByText('Not connected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Connect Gmail' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://accounts.example/auth'));
    expect(vi.mocked(fetch).mock.calls.map(([url]) => url)).toContain(
      '/api/email/auth/url?returnTo=%2Faccount',
    );
  });

  it('shows the connected address and disconnects', async () => {
    let connected = true;
    const fake = routeFetch({
      'GET /api/email/status': () => ({ body: { connected, email: connected ? 'ada@gmail.com' : null } }),
      ...answer(api.mail.disconnect, { success: true }),
    });
    vi.stubGlobal('fetch', vi.fn(fake.fetch));
    const user = userEvent.setup();
    renderWithProviders(<MailConnectionRow />, { user: testUser, route: '/account' });
    expect(await screen.findByText('Connected: ada@gmail.com')).toBeInTheDocument();
    connected = false;
    await user.click(screen.getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('E-mail disconnected')).toBeInTheDocument();
    expect(await screen.findByText('Not connected')).toBeInTheDocument();
    expect(fake.calls.some((c) => c.method === 'DELETE' && c.path === '/api/email/disconnect')).toBe(true);
  });
});
