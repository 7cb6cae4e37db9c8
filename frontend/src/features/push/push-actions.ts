import { callApi } from '../../api/client';
import { api } from '../../api/routes';
import type { ToastFn } from '../../components/toast/toast-context';
import { applicationServerKey, testNotificationDescription } from './push-support';

/*
 * What the push buttons do (doc1 §4, §8), loaded with their first press (PushToggle keeps the buttons and their
 * state in the start page). Server failures to store or drop the subscription are only logged (doc1 §8).
 */

export const VAPID_KEY_MISSING = 'Failed to get VAPID public key from server';

/** The browser's push subscription as JSON (PushSubscription.toJSON()): what POST /api/push/subscribe takes. */
interface PushSubscriptionInput {
  endpoint: string;
  expirationTime?: number | null;
  keys: { p256dh: string; auth: string };
}

/** The server's public key, asked once a session (doc1 §7). */
let publicKeyOnce: Promise<string> | null = null;
function publicKey(): Promise<string> {
  publicKeyOnce ??= callApi(api.notifications.pushPublicKey)
    .then(({ publicKey: key }) => {
      if (!key) throw new Error(VAPID_KEY_MISSING);
      return key;
    })
    .catch((error: unknown) => {
      publicKeyOnce = null;
      throw error instanceof Error && error.message === VAPID_KEY_MISSING
        ? error
        : new Error(VAPID_KEY_MISSING);
    });
  return publicKeyOnce;
}

/** For tests: forget the cached key. */
export function resetPushKeyCache() {
  publicKeyOnce = null;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  return existing ?? navigator.serviceWorker.register('/sw.js');
}

/**
 * 'Enable Push': with the permission the press asked for, subscribes this browser with the server's key and stores
 * the subscription. Says how it went; true when this browser is subscribed now.
 */
export async function enablePush(
  permission: Promise<NotificationPermission>,
  toast: ToastFn,
): Promise<boolean> {
  try {
    if ((await permission) !== 'granted') {
      toast({
        title: 'Permission Denied',
        description: 'Please enable notifications in your browser settings.',
        variant: 'destructive',
      });
      return false;
    }
    const key = await publicKey();
    const reg = await registration();
    const subscription = await reg.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: applicationServerKey(key),
    });
    const json = subscription.toJSON() as PushSubscriptionInput;
    await callApi(api.notifications.pushSubscribe, json).catch((error: unknown) =>
      console.warn('Could not store the push subscription', error),
    );
  } catch (error) {
    console.warn('Push subscription failed', error);
    toast({
      title: 'Subscription Failed',
      description: 'Could not enable push notifications. Please try again.',
      variant: 'destructive',
    });
    return false;
  }
  toast({
    title: 'Notifications Enabled',
    description: 'You will now receive push notifications for calls and messages.',
    variant: 'success',
  });
  return true;
}

/** 'Push On' pressed: unsubscribes this browser and tells the server. True when it is still subscribed. */
export async function disablePush(toast: ToastFn): Promise<boolean> {
  try {
    const reg = await navigator.serviceWorker.getRegistration('/');
    const subscription = await reg?.pushManager.getSubscription();
    if (subscription) {
      const json = subscription.toJSON() as PushSubscriptionInput;
      await subscription.unsubscribe();
      await callApi(api.notifications.pushUnsubscribe, json).catch((error: unknown) =>
        console.warn('Could not remove the push subscription', error),
      );
    }
  } catch (error) {
    console.warn('Push unsubscribe failed', error);
    toast({
      title: 'Error',
      description: 'Could not disable notifications. Please try again.',
      variant: 'destructive',
    });
    return true;
  }
  toast({ title: 'Notifications Disabled', description: 'Push notifications have been turned off.' });
  return false;
}

/** The test-notification button: asks the server for a test push and says what happened. */
export async function testPush(toast: ToastFn): Promise<void> {
  try {
    const result = await callApi(api.notifications.pushTest);
    toast({
      title: 'Test Notification Sent!',
      description: testNotificationDescription(result),
      variant: 'success',
    });
  } catch {
    toast({ title: 'Failed', description: 'Could not send test notification.', variant: 'destructive' });
  }
}
