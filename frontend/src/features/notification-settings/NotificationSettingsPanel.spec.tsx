import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NotificationPreferences } from '@jarvis/contracts';
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

/** The notifications service with doc2's defaults stored, plus `routes`. */
function fakeApi(routes: FakeRoutes = {}) {
  const fake = routeFetch({
    'GET /api/auth/user': { body: testUser },
    ...answer(api.notifications.preferences, DEFAULT_PREFERENCES),
    ...answer(api.notifications.voiceAlerts, { enabled: false, wakeTime: '07:00' }),
    ...answer(api.notifications.updatePreferences, DEFAULT_PREFERENCES),
    ...answer(api.notifications.updateVoiceAlerts, { enabled: false, wakeTime: '07:00' }),
    ...routes,
  });
  vi.stubGlobal('fetch', vi.fn(fake.fetch));
  return fake;
}

function puts(calls: { method: string; path: string; body: unknown }[], path: string) {
  return calls.filter((c) => c.method === 'PUT' && c.path === path).map((c) => c.body);
}

async function renderPanel() {
  const result = renderWithProviders(<NotificationSettingsPanel />, { user: testUser });
  await screen.findByTestId('notification-settings');
  return result;
}

const card = (testId: string) => within(screen.getByTestId(testId));

function checkedEvents(testId: string) {
  return card(testId)
    .getAllByRole('checkbox')
    .filter((box) => (box as HTMLInputElement).checked)
    .map((box) => box.closest('label')?.textContent);
}

describe('Settings → Notifications', () => {
  it('says the settings could not be loaded, and tries again', async () => {
    let fail = true;
    fakeApi({
      'GET /api/notifications/preferences': () =>
        fail
          ? { status: 500, body: { error: 'Internal error', code: 'INTERNAL' } }
          : { body: DEFAULT_PREFERENCES },
    });
    const user = userEvent.setup();
    renderWithProviders(<NotificationSettingsPanel />, { user: testUser });
    expect(await screen.findByText('Your notification settings could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('notification-settings')).toBeInTheDocument();
  });

  it("shows doc2's defaults: push on with its five events, SMS and email off, no wake time", async () => {
    fakeApi();
    await renderPanel();

    expect(screen.getByRole('switch', { name: 'Push notifications' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'SMS notifications' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Email notifications' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Voice alerts' })).not.toBeChecked();
    expect(checkedEvents('push-settings')).toEqual([
      'Phone calls',
      'Reminders',
      'Location triggers',
      'Traffic whispers',
      'Weather whispers',
    ]);
    expect(card('push-settings').getAllByRole('checkbox')).toHaveLength(8);
    expect(checkedEvents('sms-settings')).toEqual([]);
    expect(checkedEvents('email-settings')).toEqual([]);
    // A channel that is off greys out its events.
    for (const box of card('email-settings').getAllByRole('checkbox')) expect(box).toBeDisabled();
    expect(card('push-settings').getByRole('checkbox', { name: 'Chat messages' })).toBeEnabled();
    expect(screen.queryByLabelText('Wake time')).not.toBeInTheDocument();
  });

  it('turns a channel on and its events on and off, and saves exactly that', async () => {
    const fake = fakeApi();
    const user = userEvent.setup();
    await renderPanel();

    await user.click(screen.getByRole('switch', { name: 'Email notifications' }));
    await user.click(card('email-settings').getByRole('checkbox', { name: 'Urgent messages' }));
    await user.click(card('email-settings').getByRole('checkbox', { name: 'Chat messages' }));
    await user.click(card('push-settings').getByRole('checkbox', { name: 'Reminders' }));
    expect(checkedEvents('email-settings')).toEqual(['Chat messages', 'Urgent messages']);
    await user.click(screen.getAllByRole('button', { name: 'Save Settings' })[1]!);

    expect(await screen.findByTestId('toast')).toHaveTextContent('Settings saved');
    expect(puts(fake.calls, api.notifications.updatePreferences.path)).toEqual([
      {
        sms: { enabled: false, events: [], phoneNumber: '' },
        push: {
          enabled: true,
          events: ['phone_call', 'location_trigger', 'traffic_whisper', 'weather_whisper'],
        },
        email: { enabled: true, events: ['chat_message', 'urgent_message'] },
      },
    ]);
  });

  it('shows the SMS hint, and asks for a number before turning SMS on', async () => {
    const fake = fakeApi();
    const user = userEvent.setup();
    await renderPanel();
    const phone = screen.getByRole('textbox', { name: 'Phone number' });
    expect(phone).toHaveAccessibleDescription('Include your country code (for example +1).');

    await user.click(screen.getByRole('switch', { name: 'SMS notifications' }));
    await user.click(card('sms-settings').getByRole('checkbox', { name: 'Phone calls' }));
    await user.click(screen.getAllByRole('button', { name: 'Save Settings' })[0]!);
    expect(phone).toHaveAccessibleDescription('Enter the phone number text messages should go to');
    await user.type(phone, 'mom');
    expect(phone).toHaveAccessibleDescription(/Use digits only/);
    await user.click(screen.getAllByRole('button', { name: 'Save Settings' })[0]!);
    expect(fake.calls.filter((c) => c.method === 'PUT')).toEqual([]);

    await user.clear(phone);
    await user.type(phone, ' +15551234567 ');
    await user.click(screen.getAllByRole('button', { name: 'Save Settings' })[0]!);
    expect(await screen.findByTestId('toast')).toHaveTextContent('Settings saved');
    expect(puts(fake.calls, api.notifications.updatePreferences.path)).toEqual([
      expect.objectContaining({
        sms: { enabled: true, events: ['phone_call'], phoneNumber: '+15551234567' },
      }),
    ]);
  });

  it('shows the wake time only while voice alerts are on', async () => {
    fakeApi({ ...answer(api.notifications.voiceAlerts, { enabled: true, wakeTime: '06:15' }) });
    const user = userEvent.setup();
    await renderPanel();
    expect(screen.getByRole('switch', { name: 'Voice alerts' })).toBeChecked();
    expect(screen.getByLabelText('Wake time')).toHaveValue('06:15');

    await user.click(screen.getByRole('switch', { name: 'Voice alerts' }));
    expect(screen.queryByLabelText('Wake time')).not.toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Voice alerts' }));
    expect(screen.getByLabelText('Wake time')).toHaveValue('06:15');
  });

  it('sends both PUTs with the right bodies from the top Save Settings', async () => {
    const saved: NotificationPreferences = {
      ...DEFAULT_PREFERENCES,
      sms: { enabled: true, events: ['urgent_message'], phoneNumber: '+447700900123' },
    };
    const fake = fakeApi({
      ...answer(api.notifications.updatePreferences, saved),
      ...answer(api.notifications.updateVoiceAlerts, { enabled: true, wakeTime: '06:30' }),
    });
    const user = userEvent.setup();
    await renderPanel();

    await user.click(screen.getByRole('switch', { name: 'Voice alerts' }));
    const wake = screen.getByLabelText('Wake time');
    expect(wake).toHaveValue('07:00');
    fireEvent.change(wake, { target: { value: '06:30' } });
    await user.click(screen.getByRole('switch', { name: 'SMS notifications' }));
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '+447700900123');
    await user.click(card('sms-settings').getByRole('checkbox', { name: 'Urgent messages' }));
    await user.click(screen.getAllByRole('button', { name: 'Save Settings' })[0]!);

    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Settings saved');
    expect(toast).toHaveTextContent('Voice alerts updated');
    expect(puts(fake.calls, api.notifications.updatePreferences.path)).toEqual([saved]);
    expect(puts(fake.calls, api.notifications.updateVoiceAlerts.path)).toEqual([
      { enabled: true, wakeTime: '06:30' },
    ]);
  });

  it("shows the server's message on a 400 and keeps every change", async () => {
    const fake = fakeApi(
      failure(api.notifications.updatePreferences, 400, {
        error: 'Unknown notification event',
        code: 'VALIDATION',
      }),
    );
    const user = userEvent.setup();
    await renderPanel();
    await user.click(screen.getByRole('switch', { name: 'Email notifications' }));
    await user.click(card('email-settings').getByRole('checkbox', { name: 'Reminders' }));
    await user.click(screen.getByRole('switch', { name: 'Voice alerts' }));
    await user.click(screen.getAllByRole('button', { name: 'Save Settings' })[1]!);

    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('Unknown notification event');
    expect(toast).not.toHaveTextContent('Settings saved');
    expect(puts(fake.calls, api.notifications.updatePreferences.path)).toHaveLength(1);
    expect(puts(fake.calls, api.notifications.updateVoiceAlerts.path)).toEqual([
      { enabled: true, wakeTime: '07:00' },
    ]);
    // Nothing the user changed is lost, even after the cache is refetched.
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Save Settings' })[0]).toBeEnabled());
    expect(screen.getByRole('switch', { name: 'Email notifications' })).toBeChecked();
    expect(checkedEvents('email-settings')).toEqual(['Reminders']);
    expect(screen.getByLabelText('Wake time')).toHaveValue('07:00');
  });

  it("toasts doc2's text when voice alerts fail without a message for the user", async () => {
    fakeApi({
      'PUT /api/user/voice-alerts': { status: 500, body: { error: 'Internal error', code: 'INTERNAL' } },
    });
    const user = userEvent.setup();
    await renderPanel();
    await user.click(screen.getAllByRole('button', { name: 'Save Settings' })[0]!);
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('Failed to save voice alert settings. Please try again.');
  });
});
