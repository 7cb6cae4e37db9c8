import { expect, test, type Page } from '@playwright/test';
import { callFake, readFake } from '../support/fakes';
import { AJAX, registerViaApi, screenshotsIn } from '../shell/shell-helpers';

const snap = screenshotsIn('notifications');

interface FakeSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

/**
 * Headless Chromium has no push service to register with, so the page's PushManager hands out a subscription of the
 * loopback push service instead (with keys that service can decrypt with). Everything else is real: the permission,
 * /sw.js, the public key, the server storing the subscription, web-push encrypting and signing the test push.
 */
async function usePushFake(page: Page, subscription: FakeSubscription) {
  await page.addInitScript((sub) => {
    let current: unknown = null;
    const make = () => ({
      ...sub,
      options: { userVisibleOnly: true },
      getKey: () => null,
      toJSON: () => sub,
      unsubscribe: async () => {
        current = null;
        return true;
      },
    });
    PushManager.prototype.subscribe = async function () {
      current = make();
      return current as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      return current as PushSubscription | null;
    };
  }, subscription);
}

test('push: permission granted, Enable Push subscribes, and a test notification reaches the push service encrypted for this browser', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(90_000);
  const name = `e2e${Date.now()}`;
  await usePushFake(page, await callFake<FakeSubscription>('push', 'subscription', 'ok', name));
  await context.grantPermissions(['notifications']);
  await page.setViewportSize({ width: 1280, height: 900 });
  await registerViaApi(page.request, { ready: true });
  await page.goto('/');
  await expect(page.getByTestId('section-chat')).toBeVisible();

  await page.getByRole('button', { name: 'Enable Push' }).click();
  await expect(page.getByRole('button', { name: 'Push On' })).toBeVisible();
  await expect(page.getByTestId('toast').filter({ hasText: 'Notifications Enabled' })).toBeVisible();
  const registered = await page.evaluate(async () =>
    Boolean(await navigator.serviceWorker.getRegistration('/')),
  );
  expect(registered).toBe(true);
  await snap(page, testInfo, 'push-on-desktop');

  await page.getByRole('button', { name: 'Send a test notification' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Test Notification Sent!' })).toContainText(
    'on its way',
  );
  const received = await readFake<{ path: string; payload: { title?: string } | null }[]>('push', 'received');
  const mine = received.filter((push) => push.path.endsWith(`/ok/${name}`));
  expect(mine).toHaveLength(1);
  expect(mine[0].payload).toMatchObject({ title: expect.any(String) });

  await page.getByRole('button', { name: 'Push On' }).click();
  await expect(page.getByRole('button', { name: 'Enable Push' })).toBeVisible();
  await expect(page.getByTestId('toast').filter({ hasText: 'Notifications Disabled' })).toBeVisible();
});

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'mobile', width: 375, height: 812 },
]) {
  test(`location (${viewport.name}): a granted position near a reminder's place shows the Location Triggers banner`, async ({
    page,
    context,
  }, testInfo) => {
    test.setTimeout(90_000);
    const street = `${Date.now() % 1000}th Ave`;
    const place = `the pharmacy on ${street}`;
    const spot = { latitude: 40.7411 + Math.random() / 100, longitude: -73.9897 };
    // Calendar asks the geocoder for the place as an address: 'the pharmacy on 5th Ave' → 'pharmacy, 5th Ave'.
    await callFake('nominatim', 'places.set', `pharmacy, ${street}`, {
      lat: spot.latitude + 0.001,
      lon: spot.longitude,
      display_name: `${place}, Manhattan, New York`,
    });
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation(spot);
    await page.route('https://api.bigdatacloud.net/**', (route) =>
      route.fulfill({ json: { city: 'New York', locality: 'Manhattan', principalSubdivision: 'New York' } }),
    );
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await registerViaApi(page.request, { ready: true });
    const res = await page.request.post('/api/reminders', {
      headers: AJAX,
      data: { title: `buy milk when I'm near ${place}`, when: 'tomorrow' },
    });
    expect(res.ok(), await res.text()).toBe(true);

    await page.goto('/');
    await expect(page.getByTestId('section-chat')).toBeVisible();
    await page.getByRole('button', { name: 'Location', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Location On' })).toBeVisible();
    const banner = page.getByTestId('location-banner');
    await expect(banner).toContainText('Location Triggers');
    await expect(banner.getByTestId('location-trigger')).toHaveCount(1);
    await expect(banner).toContainText(`near ${place}`);
    await expect(banner).toContainText('buy milk');
    await expect(page.getByTestId('toast').filter({ hasText: 'Location Trigger' })).toBeVisible();
    const saved = await (await page.request.get('/api/user/location')).json();
    expect(saved).toMatchObject({ hasLocation: true, locationName: 'New York' });
    await snap(page, testInfo, `location-banner-${viewport.name}`);

    await banner.getByRole('button', { name: 'Clear' }).click();
    await expect(banner).toHaveCount(0);
    await page.getByRole('button', { name: 'Location On' }).click();
    await expect(page.getByRole('button', { name: 'Location', exact: true })).toBeVisible();
    expect((await (await page.request.get('/api/user/location')).json()).hasLocation).toBe(false);
  });
}
