import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NotificationPreferences, SmsVerificationStatus, User } from '@jarvis/contracts';
import { api } from '../../api/routes';
import {
  answer,
  failure,
  renderWithProviders,
  routeFetch,
  testUser,
  type FakeRoutes,
} from '../../test/render';
import { NotificationSettingsPanel } from './NotificationSettingsPanel';
import { DEFAULT_PREFERENCES } from './notification-form';

afterEach(() => {
  vi.unstubAllGlobals();
});

const unverified: User = { ...testUser, emailVerified: false };
const withNumber: NotificationPreferences = {
  ...DEFAULT_PREFERENCES,
  sms: { enabled: true, events: ['reminder'], phoneNumber: '+15551234567' },
};
const waiting: SmsVerificationStatus = {
  phoneNumber: '+15551234567',
  verified: false,
  codePending: true,
  expiresAt: '2030-01-01T00:00:00.000Z',
  remainingTries: 5,
  resendAfterSeconds: 0,
};

function fakeApi(user: User, routes: FakeRoutes = {}, preferences = DEFAULT_PREFERENCES) {
  const fake = routeFetch({
    'GET /api/auth/user': { body: user },
    ...answer(api.notifications.preferences, preferences),
    ...answer(api.notifications.voiceAlerts, { enabled: false, wakeTime: '07:00' }),
    ...routes,
  });
  vi.stubGlobal('fetch', vi.fn(fake.fetch));
  return fake;
}

async function renderPanel(user: User) {
  renderWithProviders(<NotificationSettingsPanel />, { user });
  await screen.findByTestId('notification-settings');
}

describe('Settings → Notifications: the e-mail address', () => {
  it("says 'Verify your e-mail address' with Resend until it is verified, and Resend asks for a new link", async () => {
    const fake = fakeApi(unverified, {
      ...answer(api.identity.resendVerificationEmail, { sent: true, email: 'ada@example.com' }),
    });
    const user = userEvent.setup();
    await renderPanel(unverified);
    const notice = within(screen.getByTestId('email-verification'));
    expect(notice.getByText('Verify your e-mail address')).toBeInTheDocument();
    expect(notice.getByText(/ada@example\.com/)).toBeInTheDocument();
    await user.click(notice.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('Verification e-mail sent')).toBeInTheDocument();
    expect(fake.calls.filter((c) => c.path === api.identity.resendVerificationEmail.path)).toHaveLength(1);
  });

  it('shows the wait the server asks for when Resend is too soon', async () => {
    fakeApi(unverified, {
      ...failure(api.identity.resendVerificationEmail, 429, {
        error: 'Too many verification e-mails. Please try again in 42 seconds.',
        code: 'RATE_LIMITED',
      }),
    });
    const user = userEvent.setup();
    await renderPanel(unverified);
    await user.click(screen.getByRole('button', { name: 'Resend' }));
    expect(
      await screen.findByText('Too many verification e-mails. Please try again in 42 seconds.'),
    ).toBeInTheDocument();
  });

  it('shows a verified address without the notice', async () => {
    fakeApi(testUser);
    await renderPanel(testUser);
    expect(within(screen.getByTestId('email-verified')).getByText('Verified')).toBeInTheDocument();
    expect(screen.queryByText('Verify your e-mail address')).not.toBeInTheDocument();
  });

  it('adds an address to an account without one; the new address then waits for its link', async () => {
    const noAddress: User = { ...testUser, email: null, emailVerified: false };
    const fake = fakeApi(noAddress, {
      ...answer(api.identity.changeEmail, { ...noAddress, email: 'ada@example.com' }),
    });
    const user = userEvent.setup();
    await renderPanel(noAddress);
    await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('Verify your e-mail address')).toBeInTheDocument();
    expect(fake.calls.filter((c) => c.method === 'PUT' && c.path === api.identity.changeEmail.path)).toEqual([
      expect.objectContaining({ body: { email: 'ada@example.com' } }),
    ]);
  });
});

describe('Settings → Notifications: the SMS number', () => {
  it('shows the code field while a code is waiting; a wrong code shows the tries left, the right one Verified', async () => {
    let tries = 0;
    const fake = fakeApi(
      testUser,
      {
        ...answer(api.notifications.smsVerification, waiting),
        [`POST ${api.notifications.verifySms.path}`]: () =>
          ++tries === 1
            ? {
                status: 400,
                body: {
                  error: 'That code is not right. 4 tries left.',
                  code: 'SMS_CODE_WRONG',
                  remainingTries: 4,
                },
              }
            : {
                body: { ...waiting, verified: true, codePending: false, expiresAt: null, remainingTries: 0 },
              },
      },
      withNumber,
    );
    const user = userEvent.setup();
    await renderPanel(testUser);
    const code = await screen.findByRole('textbox', { name: 'Verification code' });
    expect(code).toHaveAccessibleDescription('5 tries left');
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('That code is not right. 4 tries left.')).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '123456{Enter}');
    expect(await screen.findByTestId('sms-verified')).toHaveTextContent('Verified');
    expect(fake.calls.filter((c) => c.path === api.notifications.verifySms.path).map((c) => c.body)).toEqual([
      { code: '111111' },
      { code: '123456' },
    ]);
    // Enter in the code field verified the code; it did not save the settings.
    expect(fake.calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('offers Send code when no code is waiting, and holds it while the server asks to wait', async () => {
    fakeApi(
      testUser,
      {
        ...answer(api.notifications.smsVerification, {
          ...waiting,
          codePending: false,
          remainingTries: 0,
          resendAfterSeconds: 30,
        }),
      },
      withNumber,
    );
    await renderPanel(testUser);
    const send = await screen.findByRole('button', { name: /^Send code \(\d+ s\)$/ });
    expect(send).toBeDisabled();
    expect(screen.queryByRole('textbox', { name: 'Verification code' })).not.toBeInTheDocument();
  });

  it('says a typed number gets its code once the settings are saved', async () => {
    fakeApi(testUser);
    const user = userEvent.setup();
    await renderPanel(testUser);
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '+15550001111');
    expect(screen.getByTestId('sms-verification-unsaved')).toHaveTextContent(
      'Save Settings to get a verification code for this number.',
    );
  });
});
