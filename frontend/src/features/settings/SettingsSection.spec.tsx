import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
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
import { DEFAULT_PREFERENCES } from '../notification-settings/notification-form';
import { SettingsSection } from './SettingsSection';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The gateway and telephony as the Profile tab reads them: the user, no phone line, plus `routes`. */
function fakeApi(routes: FakeRoutes = {}) {
  const fake = routeFetch({
    'GET /api/auth/user': { body: testUser },
    'GET /api/phone-line': { body: { phoneNumber: null } },
    ...routes,
  });
  vi.stubGlobal('fetch', vi.fn(fake.fetch));
  return fake;
}

function renderSettings() {
  return renderWithProviders(<SettingsSection />, { user: testUser });
}

function profileSaves(calls: { method: string; path: string; body: unknown }[]) {
  return calls
    .filter((c) => c.method === 'PUT' && c.path === api.identity.updateProfile.path)
    .map((c) => c.body);
}

describe('Settings → Profile', () => {
  it('opens on Profile, the first of five tabs, with the profile and the phone line card', async () => {
    fakeApi();
    renderSettings();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Profile',
      'Voice',
      'Theme',
      'Notifications',
      'Calendar',
    ]);
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('textbox', { name: 'Username' })).toHaveValue('ada');
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveValue('Ada');
    expect(screen.getByRole('textbox', { name: 'Last name' })).toHaveValue('Lovelace');
    expect(screen.getByTestId('profile-settings')).toHaveTextContent('ada@example.com');
    expect(screen.getByTestId('profile-settings')).toHaveTextContent('Free plan');
    const card = screen.getByTestId('phone-line-card');
    expect(within(card).getByRole('heading', { name: 'Phone line' })).toBeInTheDocument();
    expect(await within(card).findByTestId('phone-line-none')).toBeInTheDocument();
  });

  it("saves username, first and last name, toasts 'Profile updated' and updates the signed-in user", async () => {
    const saved: User = { ...testUser, username: 'ada_l', firstName: 'Augusta', lastName: 'King' };
    const fake = fakeApi({
      'PUT /api/user/profile': { body: saved },
      'GET /api/auth/user': { body: saved },
    });
    const user = userEvent.setup();
    const { queryClient } = renderSettings();
    const username = screen.getByRole('textbox', { name: 'Username' });
    await user.clear(username);
    await user.type(username, ' ada_l ');
    await user.clear(screen.getByRole('textbox', { name: 'First name' }));
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Augusta');
    await user.clear(screen.getByRole('textbox', { name: 'Last name' }));
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'King');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByTestId('toast')).toHaveTextContent('Profile updated');
    expect(profileSaves(fake.calls)).toEqual([{ username: 'ada_l', firstName: 'Augusta', lastName: 'King' }]);
    expect(queryClient.getQueryData(queryKeyOf(api.identity.currentUser))).toMatchObject({
      username: 'ada_l',
    });
    expect(screen.getByRole('textbox', { name: 'Username' })).toHaveValue('ada_l');
    expect(screen.getByTestId('profile-settings')).toHaveTextContent('Augusta King');
  });

  it("keeps what was typed and shows the server's message when saving fails", async () => {
    const fake = fakeApi(
      failure(api.identity.updateProfile, 400, {
        error: 'Username already taken',
        code: 'VALIDATION',
        fields: { username: ['Username already taken'] },
      }),
    );
    const user = userEvent.setup();
    renderSettings();
    const username = screen.getByRole('textbox', { name: 'Username' });
    await user.clear(username);
    await user.type(username, 'grace');
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'x');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Failed to update profile');
    expect(toast).toHaveTextContent('Username already taken');
    expect(username).toHaveValue('grace');
    expect(username).toHaveAccessibleDescription('Username already taken');
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveValue('Adax');
    expect(profileSaves(fake.calls)).toHaveLength(1);

    // Typing again clears the server's word.
    await user.type(username, '2');
    expect(username).not.toHaveAccessibleDescription('Username already taken');
  });

  it("toasts 'Please try again later.' when the server fails without a message for the user", async () => {
    fakeApi({
      'PUT /api/user/profile': { status: 500, body: { error: 'Internal error', code: 'INTERNAL' } },
    });
    const user = userEvent.setup();
    renderSettings();
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), '-King');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Failed to update profile');
    expect(toast).toHaveTextContent('Please try again later.');
    expect(screen.getByRole('textbox', { name: 'Last name' })).toHaveValue('Lovelace-King');
  });

  it('checks the username before sending', async () => {
    const fake = fakeApi();
    const user = userEvent.setup();
    renderSettings();
    const username = screen.getByRole('textbox', { name: 'Username' });
    await user.clear(username);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(username).toHaveAccessibleDescription('Username is required');
    await user.type(username, 'ab');
    expect(username).toHaveAccessibleDescription('Username must be at least 3 characters long');
    expect(profileSaves(fake.calls)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(username).toHaveValue('ada'));
  });

  it('leaves the Theme tab as it is', async () => {
    fakeApi();
    const user = userEvent.setup();
    renderSettings();
    await user.click(screen.getByRole('tab', { name: 'Theme' }));
    expect(screen.getByRole('heading', { name: 'Appearance' })).toBeInTheDocument();
    expect(screen.queryByTestId('profile-settings')).not.toBeInTheDocument();
  });
});

describe('Settings → Notifications', () => {
  it('opens from the Notifications tab once both settings have loaded', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const fake = routeFetch({
      'GET /api/auth/user': { body: testUser },
      ...answer(api.notifications.preferences, DEFAULT_PREFERENCES),
      ...answer(api.notifications.voiceAlerts, { enabled: false, wakeTime: '07:00' }),
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        if (input.includes('/voice-alerts')) await held;
        return fake.fetch(input, init);
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<SettingsSection />, { user: testUser });
    await user.click(screen.getByRole('tab', { name: 'Notifications' }));

    expect(screen.getByTestId('loading-state')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Settings' })).not.toBeInTheDocument();
    release();
    expect(await screen.findByTestId('notification-settings')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Save Settings' })).toHaveLength(2);
  });
});
