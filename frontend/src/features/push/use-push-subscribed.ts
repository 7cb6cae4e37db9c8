import { useEffect, useState } from 'react';

/**
 * Whether this browser already holds a push subscription (doc1 §4: detected at start-up), and a setter for when the
 * user subscribes or unsubscribes. Small on purpose: the chat's start bundle uses it for the push button.
 */
export function usePushSubscribed(supported: boolean) {
  const [subscribed, setSubscribed] = useState(false);
  useEffect(() => {
    if (!supported) return;
    let alive = true;
    void navigator.serviceWorker
      .getRegistration('/')
      .then((reg) => reg?.pushManager.getSubscription())
      .then((existing) => {
        if (alive) setSubscribed(Boolean(existing));
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [supported]);
  return [subscribed, setSubscribed] as const;
}
