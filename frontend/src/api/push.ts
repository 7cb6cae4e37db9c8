/** Browser push (doc1 §4, §7): its own module, loaded only with the push toggle. */
import { api } from './routes';
import { callApi } from './client';

/** The browser's push subscription as JSON (PushSubscription.toJSON()). */
export interface PushSubscriptionInput {
  endpoint: string;
  expirationTime?: number | null;
  keys: { p256dh: string; auth: string };
}

/** GET /api/push/public-key. */
export function getPushPublicKey(): Promise<{ publicKey: string }> {
  return callApi(api.notifications.pushPublicKey);
}

/** POST /api/push/subscribe. */
export async function subscribePush(subscription: PushSubscriptionInput): Promise<void> {
  await callApi(api.notifications.pushSubscribe, subscription);
}

/** POST /api/push/unsubscribe. */
export async function unsubscribePush(
  subscription: Partial<PushSubscriptionInput> & { endpoint: string },
): Promise<void> {
  await callApi(api.notifications.pushUnsubscribe, subscription);
}

/** POST /api/push/test. */
export function sendTestPush() {
  return callApi(api.notifications.pushTest);
}
