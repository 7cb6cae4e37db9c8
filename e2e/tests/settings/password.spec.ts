import { expect, test, type Page } from '@playwright/test';
import { AJAX, mainNav, screenshotsIn, uniqueName } from '../shell/shell-helpers';

const snap = screenshotsIn('settings');

async function quickAccess(page: Page, username: string) {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Quick Access' }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function openSettings(page: Page) {
  await page.goto('/');
  await expect(page.getByTestId('section-chat')).toBeVisible();
  const menu = page.getByRole('button', { name: 'Open navigation' });
  if (await menu.isVisible()) await menu.click();
  await mainNav(page)
    .getByRole('button', { name: /^Settings/ })
    .click();
  await expect(page.getByTestId('password-settings')).toBeVisible();
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'mobile', width: 375, height: 812 },
]) {
  test(`quick access opens a name only in its own browser; a password from Settings opens it anywhere (${viewport.name})`, async ({
    page,
    browser,
  }, testInfo) => {
    // Two browsers and five password hashes: longer than one screen's test.
    test.setTimeout(150_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const username = uniqueName('q');

    // Browser A: the name is new, so it is A's account, bound by an HttpOnly device cookie.
    await quickAccess(page, username);
    await expect(page.getByTestId('main-app')).toBeVisible();
    const device = (await page.context().cookies()).find((c) => c.name === 'jarvis_device');
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(device!.expires * 1000 - Date.now()).toBeGreaterThan(399 * 24 * 3600 * 1000);
    for (const step of ['/api/auth/accept-terms', '/api/auth/onboarding/complete']) {
      expect((await page.request.post(step, { headers: AJAX })).ok()).toBe(true);
    }
    // Out and in again from the same browser: still quick.
    await page.goto('/');
    await expect(page.getByTestId('section-chat')).toBeVisible();
    const menu = page.getByRole('button', { name: 'Open navigation' });
    if (await menu.isVisible()) await menu.click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByTestId('landing-page')).toBeVisible();
    await quickAccess(page, username);
    await expect(page.getByTestId('main-app')).toBeVisible();
    expect((await (await page.request.get('/api/auth/user')).json()).username).toBe(username);

    // Browser B typing the same name gets the spec's Login Failed, nothing more.
    const other = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
    try {
      const b = await other.newPage();
      await quickAccess(b, username);
      const toast = b.getByTestId('toast');
      await expect(toast).toContainText('Login Failed');
      await expect(toast).toContainText('Please check your username and try again');
      await expect(b).toHaveURL(/\/login$/);
      await snap(b, testInfo, `quick-access-refused-${viewport.name}`);

      // A protects the account with a password in Settings → Profile.
      await openSettings(page);
      const card = page.getByTestId('password-settings');
      await expect(card).toContainText('Without a password, quick access opens your account only in this browser.');
      await card.scrollIntoViewIfNeeded();
      await snap(page, testInfo, `password-set-form-${viewport.name}`);
      await card.getByLabel('New password', { exact: true }).fill('a-long-secret');
      await card.getByLabel('Confirm new password').fill('a-long-secret');
      await card.getByRole('button', { name: 'Set Password' }).click();
      await expect(page.getByTestId('toast').filter({ hasText: 'Password set' })).toBeVisible();
      await expect(card.getByLabel('Current password')).toBeVisible();
      await expect(card.getByRole('button', { name: 'Change Password' })).toBeVisible();
      await snap(page, testInfo, `password-change-form-${viewport.name}`);

      // B signs in with username and password.
      await b.goto('/login');
      await b.getByLabel('Username').fill(username);
      await b.getByLabel('Password').fill('a-long-secret');
      await b.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect(b.getByTestId('main-app')).toBeVisible();
      expect((await (await b.request.get('/api/auth/user')).json()).username).toBe(username);

      // B changes the password (a wrong current one first): A's session ends, B's stays.
      await openSettings(b);
      const bCard = b.getByTestId('password-settings');
      await bCard.getByLabel('Current password').fill('not-the-password');
      await bCard.getByLabel('New password', { exact: true }).fill('another-secret');
      await bCard.getByLabel('Confirm new password').fill('another-secret');
      await bCard.getByRole('button', { name: 'Change Password' }).click();
      await expect(bCard.getByText('Current password is incorrect')).toBeVisible();
      await bCard.scrollIntoViewIfNeeded();
      await snap(b, testInfo, `password-wrong-current-${viewport.name}`);
      await bCard.getByLabel('Current password').fill('a-long-secret');
      await bCard.getByRole('button', { name: 'Change Password' }).click();
      await expect(b.getByTestId('toast').filter({ hasText: 'Password changed' })).toBeVisible();
      await b.reload();
      await expect(b.getByTestId('main-app')).toBeVisible();

      await page.reload();
      await expect(page.getByTestId('landing-page')).toBeVisible();
      expect((await page.request.get('/api/auth/user')).status()).toBe(401);
    } finally {
      await other.close();
    }
  });
}
