import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../components/browser';
import { reloadOnStaleChunks } from './reload-on-stale-chunks';

function preloadError() {
  const event = new Event('vite:preloadError', { cancelable: true });
  window.dispatchEvent(event);
  return event;
}

afterEach(() => sessionStorage.clear());

describe('a lazy chunk of an older release', () => {
  it('reloads the page once, and lets a second failure soon after reach the error screen', () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    let time = 1_000_000;
    reloadOnStaleChunks(sessionStorage, () => time);
    expect(preloadError().defaultPrevented).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    time += 5_000;
    expect(preloadError().defaultPrevented).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
