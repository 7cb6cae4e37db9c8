import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@jarvis/contracts';
import { api } from '../../api/routes';
import { queryKeyOf } from '../../api/query-keys';
import {
  answer,
  failure,
  renderWithProviders,
  routeFetch,
  testUser,
  type FakeRoutes,
} from '../../test/render';
import { PasswordSettingsPanel } from './PasswordSettingsPanel';

afterEach(() => {
  vi.unstubAllGlobals();
});

const quickUser: User = { ...testUser, username: 'guest', email: null, hasPassword: false };

function fakeApi(routes: FakeRoutes) {
  const fake = routeFetch(routes);
  vi.stubGlobal('fetch', vi.fn(fake.fetch));
  return fake;
}

const passwordCalls = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.method === 'POST' && c.path === api.identity.changePassword.path).map((c) => c.body);

describe('Settings → Profile → Password', () => {
  it('a password-less account sets one with the new password only, and the signed-in user now has one', async () => {
    const fake = fakeApi(answer(api.identity.changePassword, { ...quickUser, hasPassword: true }));
    const user = userEvent.setup();
    const { queryClient } = renderWithProviders(<PasswordSettingsPanel user={quickUser} />, {
      user: quickUser,
    });
    expect(
      screen.getByText('Without a password, quick access opens your account only in this browser.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('New password'), 'long-secret');
    await user.type(screen.getByLabelText('Confirm new password'), 'long-secret');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));

    expect(await screen.findByText('Password set')).toBeInTheDocument();
    expect(
      screen.getByText('You can now sign in anywhere with your username and password.'),
    ).toBeInTheDocument();
    expect(passwordCalls(fake.calls)).toEqual([{ newPassword: 'long-secret' }]);
    expect(queryClient.getQueryData<User>(queryKeyOf(api.identity.currentUser))?.hasPassword).toBe(true);
    expect(screen.getByLabelText('New password')).toHaveValue('');
  });

  it('checks the rules and the repeat before sending anything', async () => {
    const fake = fakeApi({});
    const user = userEvent.setup();
    renderWithProviders(<PasswordSettingsPanel user={quickUser} />, { user: quickUser });
    await user.type(screen.getByLabelText('New password'), '12345');
    await user.type(screen.getByLabelText('Confirm new password'), '12346');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByText('New password must be at least 6 characters long')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(fake.calls).toHaveLength(0);
  });

  it("changing needs the current password, and shows the server's word under it when it is wrong", async () => {
    const fake = fakeApi(
      failure(api.identity.changePassword, 400, {
        error: 'Current password is incorrect',
        code: 'VALIDATION',
        fields: { currentPassword: ['Current password is incorrect'] },
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<PasswordSettingsPanel user={testUser} />, { user: testUser });
    await user.type(screen.getByLabelText('New password'), 'secret2');
    await user.type(screen.getByLabelText('Confirm new password'), 'secret2');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Please enter your current password')).toBeInTheDocument();
    expect(fake.calls).toHaveLength(0);

    await user.type(screen.getByLabelText('Current password'), 'not-it');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Failed to update password')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getAllByText('Current password is incorrect').length).toBeGreaterThanOrEqual(2),
    );
    expect(passwordCalls(fake.calls)).toEqual([{ currentPassword: 'not-it', newPassword: 'secret2' }]);
    // What was typed is kept for another try.
    expect(screen.getByLabelText('New password')).toHaveValue('secret2');
  });

  it('says other devices were signed out after a change', async () => {
    fakeApi(answer(api.identity.changePassword, testUser));
    const user = userEvent.setup();
    renderWithProviders(<PasswordSettingsPanel user={testUser} />, { user: testUser });
    await user.type(screen.getByLabelText('Current password'), 'secret1');
    await user.type(screen.getByLabelText('New password'), 'secret2');
    await user.type(screen.getByLabelText('Confirm new password'), 'secret2');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(screen.getByText('Your other devices have been signed out.')).toBeInTheDocument();
  });
});
