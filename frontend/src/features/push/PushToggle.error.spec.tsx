import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, routeFetch, testUser } from '../../test/render';
import { PushToggle } from './PushToggle';

// The code behind the buttons cannot be had (a chunk lost by a redeploy, the network gone): every press fails.
vi.mock('./push-actions', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

beforeEach(() => {
  vi.stubGlobal('isSecureContext', true);
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { permission: 'default', requestPermission: vi.fn(async () => 'granted') });
  vi.stubGlobal('fetch', vi.fn(routeFetch({}).fetch));
  const registration = { pushManager: { getSubscription: async () => null } };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, register: async () => registration },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('PushToggle when something unexpected fails', () => {
  it.each([
    ['Enable Push', 'Enable Push'],
    ['the test notification', 'Send a test notification'],
  ])("says doc1's generic 'Error' for %s, and the button works again", async (_what, name) => {
    renderWithProviders(<PushToggle />, { user: testUser });
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name });
    await user.click(button);
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('Something went wrong. Please try again.');
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(screen.getByRole('button', { name })).toBeEnabled();
  });
});
