import { expect, test } from '@playwright/test';
import { mainNav, registerViaApi, snap } from './shell-helpers';

test.use({ viewport: { width: 375, height: 812 } });

test('at 375 px the navigation is a left drawer that switches sections and navigates', async ({
  page,
}, testInfo) => {
  await registerViaApi(page.request, { ready: true });
  await page.goto('/');
  await expect(page.getByTestId('section-chat')).toBeVisible();
  // The side panel is hidden until the menu button opens the drawer.
  await expect(mainNav(page)).toBeHidden();
  await snap(page, testInfo, 'e2e-main-app-mobile');

  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(mainNav(page)).toBeVisible();
  // A full-width panel sliding in from the left.
  await expect.poll(async () => (await page.getByTestId('side-nav').boundingBox())?.x).toBe(0);
  expect((await page.getByTestId('side-nav').boundingBox())?.width).toBe(375);
  await snap(page, testInfo, 'e2e-drawer-mobile');

  await mainNav(page).getByRole('button', { name: 'Reminders' }).click();
  await expect(mainNav(page)).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Your Reminders' })).toBeVisible();

  await page.getByRole('button', { name: 'Open navigation' }).click();
  await mainNav(page).getByRole('button', { name: 'Account' }).click();
  await expect(mainNav(page)).toBeHidden();
  await expect(page.getByTestId('current-plan')).toHaveText('Free');
  await snap(page, testInfo, 'e2e-account-mobile');

  await page.getByRole('button', { name: 'Open navigation' }).click();
  await mainNav(page).getByRole('link', { name: 'Contacts' }).click();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
});
