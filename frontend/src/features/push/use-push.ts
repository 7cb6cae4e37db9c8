import { useCallback, useState } from 'react';
import { getPushPublicKey, subscribePush, unsubscribePush, type PushSubscriptionInput } from '../../api/push';
import { applicationServerKey, pushSupport, type PushSupport } from './push-support';
import { usePushSubscribed } from './use-push-subscribed';

export const VAPID_KEY_MISSING = 'Failed to get VAPID public key from server';

/** The server's public key, asked once a session (doc1 §7). */
let publicKeyOnce: Promise<string> | null = null;
function publicKey(): Promise<string> {
  publicKeyOnce ??= getPushPublicKey()
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

export type EnableOutcome = 'enabled' | 'denied' | 'failed';

async function registration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  return existing ?? navigator.serviceWorker.register('/sw.js');
}

/**
 * Push on this device (doc1 §4): whether it is supported, the permission, whether this browser is subscribed, and
 * enable / disable. Server failures to store or drop the subscription are only logged (doc1 §8).
 */
export function usePush() {
  const [support] = useState<PushSupport>(() => pushSupport());
  const [subscribed, setSubscribed] = usePushSubscribed(support.supported);
  const [busy, setBusy] = useState(false);
  const [permission, setPermission] = useState<NotificationPermission | 'unsupported'>(() =>
    typeof Notification === 'undefined' ? 'unsupported' : Notification.permission,
  );

  const enable = useCallback(async (): Promise<EnableOutcome> => {
    setBusy(true);
    try {
      let granted = Notification.permission;
      if (granted !== 'granted') granted = await Notification.requestPermission();
      setPermission(granted);
      if (granted !== 'granted') return 'denied';
      const key = await publicKey();
      const reg = await registration();
      const subscription = await reg.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: applicationServerKey(key),
      });
      await subscribePush(subscription.toJSON() as PushSubscriptionInput).catch((error: unknown) =>
        console.warn('Could not store the push subscription', error),
      );
      setSubscribed(true);
      return 'enabled';
    } catch (error) {
      console.warn('Push subscription failed', error);
      return 'failed';
    } finally {
      setBusy(false);
    }
  }, [setSubscribed]);

  const disable = useCallback(async (): Promise<boolean> => {
    setBusy(true);
    try {
      const reg = await navigator.serviceWorker.getRegistration('/');
      const subscription = await reg?.pushManager.getSubscription();
      if (subscription) {
        const json = subscription.toJSON() as PushSubscriptionInput;
        await subscription.unsubscribe();
        await unsubscribePush(json).catch((error: unknown) =>
          console.warn('Could not remove the push subscription', error),
        );
      }
      setSubscribed(false);
      return true;
    } catch (error) {
      console.warn('Push unsubscribe failed', error);
      return false;
    } finally {
      setBusy(false);
    }
  }, [setSubscribed]);

  return { support, permission, subscribed, busy, enable, disable };
}
