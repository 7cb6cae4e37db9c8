import { browser } from '../components/browser';

const RELOADED_AT = 'jarvis:reloaded-for-chunks';
/** Never reload twice within this long: a chunk missing right after a reload is a real failure. */
const RELOAD_GUARD_MS = 60_000;

/**
 * A tab opened before a release asks for lazy chunks by their old names, which the new release no longer has. Vite
 * reports such a failed import as `vite:preloadError`; the page is then reloaded once to get the new release,
 * instead of showing the Application Error screen. A second failure soon after goes to that screen as usual.
 */
export function reloadOnStaleChunks(storage: Storage = window.sessionStorage, now = () => Date.now()) {
  window.addEventListener('vite:preloadError', (event) => {
    const last = Number(storage.getItem(RELOADED_AT) ?? 0);
    if (now() - last < RELOAD_GUARD_MS) return;
    storage.setItem(RELOADED_AT, String(now()));
    event.preventDefault();
    browser.reload();
  });
}
