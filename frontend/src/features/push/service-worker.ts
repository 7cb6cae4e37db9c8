import { pushSupport } from './push-support';

/** Registers /sw.js at start-up (doc1 §4) where push can work; a failure is only logged. */
export function registerServiceWorker(): void {
  if (!pushSupport().supported) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      console.warn('Service worker registration failed', error);
    });
  });
}
