import { expect, test } from '@playwright/test';
import { registerViaApi, snap, uniqueName } from './shell-helpers';

test('logout returns to the landing page and ends the session', async ({ page }) => {
  const account = await registerViaApi(page.request, { ready: true });
  await page.goto('/');
  await expect(page.getByTestId('user-name')).toHaveText(account.username);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByTestId('landing-page')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await page.reload();
  await expect(page.getByTestId('landing-page')).toBeVisible();
  await expect(page.getByTestId('main-app')).toHaveCount(0);
});

test('quick access signs in by username, and rejects a name under 2 characters', async ({
  page,
}, testInfo) => {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Quick Access' }).click();
  await page.getByLabel('Username').fill(' x ');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('toast')).toContainText('Invalid Username');
  await expect(page.getByTestId('toast')).toContainText('Username must be at least 2 characters long');
  await snap(page, testInfo, 'e2e-quick-access-invalid');

  const username = uniqueName('q');
  await page.getByLabel('Username').fill(username);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('main-app')).toBeVisible();
  await expect(page.getByTestId('user-name')).toHaveText(username);
});

test('a wrong password shows the Login Failed toast; the right one signs in', async ({
  page,
  playwright,
  baseURL,
}) => {
  // Register in a separate cookie jar so this page stays signed out.
  const other = await playwright.request.newContext({ baseURL });
  const account = await registerViaApi(other, { ready: true });
  await other.dispose();

  await page.goto('/login');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Login Failed');
  await expect(toast).toContainText('Invalid username or password');
  await expect(toast).toHaveAttribute('data-variant', 'destructive');
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByTestId('user-name')).toHaveText(account.username);
});

test('/orb is routed for a signed-in user', async ({ page }) => {
  await registerViaApi(page.request, { ready: true });
  await page.goto('/orb');
  await expect(page.getByRole('heading', { name: 'Voice Orb' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toHaveCount(0);
});
