/**
 * Whether this browser can take push notifications (doc1 §4, §5): a secure context, service workers and the Push
 * API. When it cannot, the reason is the toggle's tooltip (doc1 §8).
 */
export type PushSupport = { supported: true } | { supported: false; reason: string };

export const PUSH_UNSUPPORTED = {
  insecure: 'Requires HTTPS connection',
  noServiceWorker: 'Not available (may be in private/incognito mode)',
  noPushManager: 'Not available in this browser',
} as const;

export function pushSupport(win: Window & typeof globalThis = window): PushSupport {
  if (!win.isSecureContext) return { supported: false, reason: PUSH_UNSUPPORTED.insecure };
  if (!('serviceWorker' in win.navigator))
    return { supported: false, reason: PUSH_UNSUPPORTED.noServiceWorker };
  if (!('PushManager' in win)) return { supported: false, reason: PUSH_UNSUPPORTED.noPushManager };
  return { supported: true };
}

/**
 * The notification permission, asked now: browsers show the prompt only while a press is being handled, so this is
 * called in the press itself, before the push code loads (when it is granted already, no prompt shows).
 */
export function askNotificationPermission(): Promise<NotificationPermission> {
  try {
    return Promise.resolve(Notification.requestPermission());
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

/** The VAPID public key (base64url) as the bytes PushManager.subscribe wants. */
export function applicationServerKey(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64Url + '='.repeat((4 - (base64Url.length % 4)) % 4))
    .replace(/-/g, '+')
    .replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** The three descriptions of 'Test Notification Sent!' (doc1 §8). */
export function testNotificationDescription(result: {
  hasPushSubscriptions: boolean;
  result: { push: boolean };
}) {
  if (!result.hasPushSubscriptions) return 'No device is subscribed yet. Enable push on this device first.';
  if (result.result.push) return 'Check your device: a test notification is on its way.';
  return 'Your devices are subscribed, but the push service did not accept the notification.';
}
