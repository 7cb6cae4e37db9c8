import { expect, test } from '@playwright/test';
import { snap } from './shell-helpers';

test.describe('visitor', () => {
  test('sees the landing page with features and plans, and its sign-in button leads to the login page', async ({
    page,
  }, testInfo) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: /Meet Jarvis/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Chat with memory' })).toBeVisible();
    for (const plan of ['plan-free', 'plan-premium', 'plan-enterprise'])
      await expect(page.getByTestId(plan)).toBeVisible();
    await expect(page.getByTestId('plan-premium')).toContainText('$99');
    await expect(page.getByTestId('plan-enterprise')).toContainText('$199');
    await expect(page.getByTestId('main-app')).toHaveCount(0);
    await snap(page, testInfo, 'e2e-landing-desktop');

    await page.getByRole('link', { name: 'Get Started Free' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('tab', { name: 'Login/Register' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Quick Access' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
    await snap(page, testInfo, 'e2e-login-desktop');
  });

  test('an unknown route shows the 404 page', async ({ page }, testInfo) => {
    await page.goto('/this/page/does-not-exist');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
    await expect(page).toHaveTitle('404 Page Not Found');
    await snap(page, testInfo, 'e2e-not-found');
  });

  test('/orb is not routed for a visitor and falls to the 404 page', async ({ page }) => {
    await page.goto('/orb');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Voice Orb' })).toHaveCount(0);
  });

  test('the help page is public and searchable', async ({ page }, testInfo) => {
    await page.goto('/help');
    await expect(page.getByRole('heading', { name: 'Help & Documentation' })).toBeVisible();
    await page.getByPlaceholder('Search documentation...').fill('discord');
    await expect(page.getByText(/Found \d+ feature\(s\) matching "discord"/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Discord Integration' })).toBeVisible();
    await page.getByPlaceholder('Search documentation...').fill('');
    await snap(page, testInfo, 'e2e-help');
  });
});
