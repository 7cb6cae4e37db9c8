import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../../api/routes';
import { answer, renderWithProviders, routeFetch, testUser } from '../../test/render';
import { PushToggle } from './PushToggle';
import {
  applicationServerKey,
  pushSupport,
  PUSH_UNSUPPORTED,
  testNotificationDescription,
} from './push-support';
import { resetPushKeyCache } from './push-actions';

const KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

describe('push support (doc1 §4, §8)', () => {
  const win = (overrides: Record<string, unknown>) =>
    ({
      isSecureContext: true,
      navigator: { serviceWorker: {} },
      PushManager: class {},
      ...overrides,
    }) as never;

  it('names why push is unavailable', () => {
    expect(pushSupport(win({ isSecureContext: false }))).toEqual({
      supported: false,
      reason: PUSH_UNSUPPORTED.insecure,
    });
    expect(pushSupport(win({ navigator: {} }))).toEqual({
      supported: false,
      reason: 'Not available (may be in private/incognito mode)',
    });
    expect(pushSupport({ isSecureContext: true, navigator: { serviceWorker: {} } } as never)).toEqual({
      supported: false,
      reason: 'Not available in this browser',
    });
    expect(pushSupport(win({}))).toEqual({ supported: true });
  });

  it('decodes the base64url public key to the 65 bytes of a P-256 point', () => {
    const bytes = applicationServerKey(KEY);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
  });

  it('describes the three outcomes of a test notification', () => {
    expect(testNotificationDescription({ hasPushSubscriptions: false, result: { push: false } })).toMatch(
      /No device/,
    );
    expect(testNotificationDescription({ hasPushSubscriptions: true, result: { push: true } })).toMatch(
      /on its way/,
    );
    expect(testNotificationDescription({ hasPushSubscriptions: true, result: { push: false } })).toMatch(
      /did not accept/,
    );
  });
});

describe('PushToggle', () => {
  let subscription: { endpoint: string; toJSON: () => unknown; unsubscribe: () => Promise<boolean> } | null;
  const subscribe = vi.fn();

  beforeEach(() => {
    resetPushKeyCache();
    subscription = null;
    subscribe.mockReset();
    subscribe.mockImplementation(async () => {
      subscription = {
        endpoint: 'https://push.example/abc',
        toJSON: () => ({ endpoint: 'https://push.example/abc', keys: { p256dh: 'p', auth: 'a' } }),
        unsubscribe: async () => {
          subscription = null;
          return true;
        },
      };
      return subscription;
    });
    const registration = {
      pushManager: { subscribe, getSubscription: async () => subscription },
    };
    vi.stubGlobal('isSecureContext', true);
    vi.stubGlobal('PushManager', class {});
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { getRegistration: async () => registration, register: async () => registration },
    });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  function stubNotification(permission: NotificationPermission, answer: NotificationPermission = permission) {
    vi.stubGlobal('Notification', { permission, requestPermission: vi.fn(async () => answer) });
  }

  it("says 'Push Not Available' with the reason when the browser cannot push", async () => {
    vi.stubGlobal('isSecureContext', false);
    stubNotification('default');
    vi.stubGlobal('fetch', vi.fn(routeFetch({}).fetch));
    renderWithProviders(<PushToggle />, { user: testUser });
    expect(screen.getByRole('button', { name: 'Push Not Available' })).toBeDisabled();
  });

  it('asks permission, subscribes with the server key and stores the subscription: Push On', async () => {
    stubNotification('default', 'granted');
    const fake = routeFetch({
      ...answer(api.notifications.pushPublicKey, { publicKey: KEY }),
      ...answer(api.notifications.pushSubscribe, { success: true }),
      ...answer(api.notifications.pushUnsubscribe, { success: true }),
    });
    vi.stubGlobal('fetch', vi.fn(fake.fetch));
    const user = userEvent.setup();
    renderWithProviders(<PushToggle />, { user: testUser });
    await user.click(screen.getByRole('button', { name: 'Enable Push' }));
    expect(await screen.findByRole('button', { name: 'Push On' })).toBeInTheDocument();
    expect(await screen.findByTestId('toast')).toHaveTextContent('Notifications Enabled');
    expect(subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
    expect(fake.calls.find((c) => c.path === api.notifications.pushSubscribe.path)?.body).toEqual({
      endpoint: 'https://push.example/abc',
      keys: { p256dh: 'p', auth: 'a' },
    });

    await user.click(screen.getByRole('button', { name: 'Push On' }));
    expect(await screen.findByRole('button', { name: 'Enable Push' })).toBeInTheDocument();
    await waitFor(() =>
      expect(fake.calls.some((c) => c.path === api.notifications.pushUnsubscribe.path)).toBe(true),
    );
  });

  it("shows 'Permission Denied' when the user refuses, and 'Subscription Failed' without a server key", async () => {
    stubNotification('default', 'denied');
    vi.stubGlobal('fetch', vi.fn(routeFetch({}).fetch));
    const user = userEvent.setup();
    const view = renderWithProviders(<PushToggle />, { user: testUser });
    await user.click(screen.getByRole('button', { name: 'Enable Push' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Permission Denied');
    expect(subscribe).not.toHaveBeenCalled();
    view.unmount();

    stubNotification('granted');
    renderWithProviders(<PushToggle />, { user: testUser });
    await user.click(screen.getByRole('button', { name: 'Enable Push' }));
    await waitFor(() =>
      expect(screen.getAllByTestId('toast').at(-1)).toHaveTextContent('Subscription Failed'),
    );
    expect(subscribe).not.toHaveBeenCalled();
  });

  it('asks the permission within the press itself, and two quick presses subscribe once', async () => {
    stubNotification('default', 'granted');
    const fake = routeFetch({
      ...answer(api.notifications.pushPublicKey, { publicKey: KEY }),
      ...answer(api.notifications.pushSubscribe, { success: true }),
    });
    vi.stubGlobal('fetch', vi.fn(fake.fetch));
    renderWithProviders(<PushToggle />, { user: testUser });
    const button = screen.getByRole('button', { name: 'Enable Push' });
    fireEvent.click(button);
    // Before any code has loaded: a browser shows the prompt only while it handles the press.
    expect(Notification.requestPermission).toHaveBeenCalledTimes(1);
    fireEvent.click(button);
    expect(await screen.findByRole('button', { name: 'Push On' })).toBeInTheDocument();
    expect(Notification.requestPermission).toHaveBeenCalledTimes(1);
    expect(subscribe).toHaveBeenCalledTimes(1);
    expect(fake.calls.filter((c) => c.path === api.notifications.pushSubscribe.path)).toHaveLength(1);
  });

  it('sends a test notification and says what happened', async () => {
    stubNotification('granted');
    vi.stubGlobal(
      'fetch',
      vi.fn(
        routeFetch(
          answer(api.notifications.pushTest, { hasPushSubscriptions: false, result: { push: false } }),
        ).fetch,
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<PushToggle />, { user: testUser });
    await user.click(screen.getByRole('button', { name: 'Send a test notification' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Test Notification Sent!');
    expect(toast).toHaveTextContent('No device is subscribed yet');
  });
});
