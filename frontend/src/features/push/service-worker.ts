/**
 * Registers /sw.js at start-up (doc1 §4) wherever service workers run (a secure context): it keeps the app shell for
 * offline starts and the installed app, and receives push where the Push API exists (push-support.ts says why not,
 * for the toggle; this check stays small, as it runs in the start bundle). A failure is only logged.
 */
export function registerServiceWorker(): void {
  if (!window.isSecureContext || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      console.warn('Service worker registration failed', error);
    });
  });
}
