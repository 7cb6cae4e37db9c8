/**
 * Registers /sw.js at start-up (doc1 §4) where push can work: a secure context with service workers and the Push API
 * (push-support.ts says why not, for the toggle; this check stays small, as it runs in the start bundle). A failure is
 * only logged.
 */
export function registerServiceWorker(): void {
  if (!window.isSecureContext || !('serviceWorker' in navigator) || !('PushManager' in window)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      console.warn('Service worker registration failed', error);
    });
  });
}
