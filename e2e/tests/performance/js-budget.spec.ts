import { expect, test, type CDPSession, type Page } from '@playwright/test';
import { registerViaApi } from '../shell/shell-helpers';

/** Each page may load at most this much JavaScript, gzipped, by the time it is idle (issues 7 and 18). */
const BUDGET_BYTES = 200 * 1024;
/** The network is idle once nothing has been asked or answered for this long with nothing in flight (Playwright's
 * `networkidle`, which cannot be used itself: the signed-in app keeps its live event stream open). */
const IDLE_MS = 500;

interface Script {
  url: string;
  encoding: string;
  headerBytes: number;
  /** The body as it came over the wire (compressed), once it has finished. */
  bodyBytes?: number;
}

/**
 * Measures what a browser loads, the way it loads it: through the DevTools protocol, with the HTTP cache and the
 * service worker out of the way (a first visit), every script response's body as transferred (gzip) until the
 * network is idle.
 */
async function measureScripts(page: Page) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.setBypassServiceWorker', { bypass: true });
  const scripts = new Map<string, Script>();
  const inFlight = new Set<string>();
  let lastActivity = Date.now();
  cdp.on('Network.requestWillBeSent', (event) => {
    lastActivity = Date.now();
    // The live event stream stays open for as long as the page does.
    if (event.type !== 'EventSource') inFlight.add(event.requestId);
  });
  cdp.on('Network.responseReceived', (event) => {
    lastActivity = Date.now();
    if (event.type !== 'Script') return;
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([name, value]) => [name.toLowerCase(), String(value)]),
    );
    scripts.set(event.requestId, {
      url: event.response.url,
      encoding: headers['content-encoding'] ?? 'identity',
      headerBytes: event.response.encodedDataLength,
    });
  });
  cdp.on('Network.loadingFinished', (event) => {
    lastActivity = Date.now();
    inFlight.delete(event.requestId);
    const script = scripts.get(event.requestId);
    if (script) script.bodyBytes = event.encodedDataLength - script.headerBytes;
  });
  cdp.on('Network.loadingFailed', (event) => {
    lastActivity = Date.now();
    inFlight.delete(event.requestId);
  });
  return {
    async idle() {
      await expect
        .poll(() => inFlight.size === 0 && Date.now() - lastActivity >= IDLE_MS, {
          timeout: 30_000,
          intervals: [100],
        })
        .toBe(true);
    },
    scripts: () => [...scripts.values()],
    total: () => [...scripts.values()].reduce((sum, script) => sum + (script.bodyBytes ?? 0), 0),
    report() {
      return [...scripts.values()]
        .sort((a, b) => (b.bodyBytes ?? 0) - (a.bodyBytes ?? 0))
        .map((s) => `${((s.bodyBytes ?? 0) / 1024).toFixed(1)} kB ${s.encoding} ${new URL(s.url).pathname}`)
        .join('\n');
    },
  };
}

function expectWithinBudget(name: string, measured: Awaited<ReturnType<typeof measureScripts>>) {
  const scripts = measured.scripts();
  const total = measured.total();
  console.log(`${name}: ${(total / 1024).toFixed(1)} kB of JavaScript (gzip, as transferred) in ${scripts.length} scripts`);
  const report = measured.report();
  // Every script arrived whole and compressed: the figure is what went over the wire.
  expect(scripts.filter((s) => s.bodyBytes === undefined).map((s) => s.url), report).toEqual([]);
  expect(scripts.filter((s) => s.encoding !== 'gzip').map((s) => s.url), report).toEqual([]);
  expect(total, report).toBeLessThanOrEqual(BUDGET_BYTES);
  return scripts.map((s) => new URL(s.url).pathname);
}

test('the landing page loads at most 200 kB of JavaScript gzipped', async ({ page }) => {
  const measured = await measureScripts(page);
  await page.goto('/');
  await expect(page.getByTestId('landing-page')).toBeVisible();
  await measured.idle();
  expectWithinBudget('landing page', measured);
});

test('the signed-in chat screen loads at most 200 kB of JavaScript gzipped', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await registerViaApi(page.request, { ready: true });
  const measured = await measureScripts(page);
  await page.goto('/');
  await expect(page.getByTestId('section-chat')).toBeVisible();
  await expect(page.getByTestId('chat-sidebar')).toBeVisible();
  await measured.idle();
  const paths = expectWithinBudget('signed-in chat screen', measured);
  // The markdown renderer and the landing page are not part of it.
  expect(paths.some((path) => /MarkdownRenderer|LandingPage/.test(path))).toBe(false);
});
