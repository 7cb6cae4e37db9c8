import { chromium, expect, type Page, test } from '@playwright/test';
import { registerViaApi, screenshotsIn } from './shell-helpers';

const snap = screenshotsIn('installable');

/** Waits until the service worker controls the page and has kept the app shell. */
async function shellKept(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(async () => {
        if (!navigator.serviceWorker.controller) return false;
        const keys = await caches.keys();
        const shell = keys.find((key) => key.startsWith('jarvis-shell-'));
        return Boolean(shell && (await (await caches.open(shell)).match('/index.html')));
      }),
    )
    .toBe(true);
}

test('Chromium can install Jarvis as an app: a manifest with icons and a service worker', async ({ browserName }, testInfo) => {
  // Chromium never offers to install from an incognito profile, which Playwright's contexts are: a real profile here.
  const profile = testInfo.outputPath('profile');
  const context = await chromium.launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    baseURL: testInfo.project.use.baseURL,
  });
  expect(browserName).toBe('chromium');
  const page = context.pages()[0] ?? (await context.newPage());
  await registerViaApi(page.request, { ready: true });
  await page.goto('/');
  await expect(page.getByTestId('section-chat')).toBeVisible();
  await shellKept(page);

  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);
  const { url, errors, data } = await cdp.send('Page.getAppManifest');
  expect(url).toMatch(/\/manifest\.webmanifest$/);
  expect(errors).toEqual([]);
  const manifest = JSON.parse(data!);
  expect(manifest).toMatchObject({ short_name: 'Jarvis', display: 'standalone', start_url: '/', scope: '/' });
  const sizes = manifest.icons.map((icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`);
  expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  for (const icon of manifest.icons) expect((await page.request.get(icon.src)).headers()['content-type']).toBe('image/png');
  await context.close();
});

for (const width of [1280, 375]) {
  test(`a second visit without the network starts and says 'You are offline' (${width} px)`, async ({ page, context }, testInfo) => {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
    await registerViaApi(page.request, { ready: true });
    await page.goto('/');
    await expect(page.getByTestId('main-app')).toBeVisible();
    await shellKept(page);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await snap(page, testInfo, `offline-${width}`);

    // Back online, the app carries on by itself: the signed-in user's chat.
    await context.setOffline(false);
    await expect(page.getByTestId('main-app')).toBeVisible();
  });
}

test('a new deployment is picked up on the next navigation: pages come from the network whenever it answers', async ({ page, context }) => {
  await registerViaApi(page.request, { ready: true });
  await page.goto('/');
  await shellKept(page);
  // The next release's index.html, as the server would answer it (the kept shell still has the old one).
  await context.route(/\/(\?.*)?$/, async (route) => {
    // The page's navigation, as the worker forwards it to the network.
    if (!(route.request().headers()['accept'] ?? '').includes('text/html')) return route.fallback();
    const res = await route.fetch();
    const body = (await res.text()).replace('<head>', '<head><meta name="release" content="next">');
    await route.fulfill({ response: res, body });
  });
  await page.reload();
  await expect(page.locator('meta[name="release"]')).toHaveAttribute('content', 'next');
  await expect(page.getByTestId('main-app')).toBeVisible();
  // Each build names its worker's cache by a hash of the build (service-worker-build.spec.ts in the frontend).
  const worker = await (await page.request.get('/sw.js')).text();
  expect(worker).toMatch(/^const BUILD = "[0-9a-f]{16}";/);
  expect(await page.evaluate(async () => caches.keys())).toContain(`jarvis-shell-${/"([0-9a-f]{16})"/.exec(worker)![1]}`);
});
