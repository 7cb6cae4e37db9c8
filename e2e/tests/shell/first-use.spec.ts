import { expect, test } from '@playwright/test';
import { mainNav, snap, uniqueName } from './shell-helpers';

test('a new user registers, accepts the terms and completes the onboarding tour', async ({
  page,
}, testInfo) => {
  const username = uniqueName();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Register' }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('secret-password');
  await page.getByRole('button', { name: 'Create Account' }).click();

  // Blocking terms dialog: Escape does not close it, Accept waits for the box.
  const terms = page.getByRole('dialog', { name: 'Terms of Service & Privacy Notice' });
  await expect(terms).toBeVisible();
  await expect(terms).toContainText('October 9, 2025');
  await snap(page, testInfo, 'e2e-terms');
  const accept = terms.getByRole('button', { name: 'Accept and Continue' });
  await expect(accept).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(terms).toBeVisible();
  await terms.getByRole('checkbox').check();
  await accept.click();
  await expect(terms).toBeHidden();

  // Onboarding: 8 steps, Previous disabled on the first, Complete on the last.
  const tour = page.getByTestId('onboarding-tour');
  await expect(tour).toBeVisible();
  await expect(tour.getByText('1 of 8')).toBeVisible();
  await expect(tour.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await snap(page, testInfo, 'e2e-onboarding-welcome');
  for (let step = 2; step <= 8; step++) {
    await tour.getByRole('button', { name: 'Next' }).click();
    await expect(tour.getByText(`${step} of 8`)).toBeVisible();
    if (step === 4) {
      await expect(page.getByTestId('onboarding-highlight')).toBeVisible();
      await snap(page, testInfo, 'e2e-onboarding-sidebar');
    }
  }
  await expect(tour.getByRole('button', { name: 'Next' })).toHaveCount(0);
  await tour.getByRole('button', { name: 'Complete' }).click();
  await expect(tour).toBeHidden();

  // The main app, signed in as the new user; the server remembers both steps.
  await expect(page.getByTestId('user-name')).toHaveText(username);
  await expect(mainNav(page).getByRole('button', { name: 'Chat' })).toHaveAttribute('aria-current', 'page');
  await snap(page, testInfo, 'e2e-main-app-desktop');
  await page.reload();
  await expect(page.getByTestId('main-app')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Terms of Service & Privacy Notice' })).toHaveCount(0);
  await expect(page.getByTestId('onboarding-tour')).toHaveCount(0);
});

test('Restart Tutorial from the help menu shows the tour again', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Quick Access' }).click();
  await page.getByLabel('Username').fill(uniqueName('q'));
  await page.getByRole('button', { name: 'Continue' }).click();
  const terms = page.getByRole('dialog', { name: 'Terms of Service & Privacy Notice' });
  await terms.getByRole('checkbox').check();
  await terms.getByRole('button', { name: 'Accept and Continue' }).click();
  await page.getByRole('button', { name: 'Skip tour' }).click();
  await expect(page.getByTestId('onboarding-tour')).toHaveCount(0);

  await page.getByRole('button', { name: 'Help menu' }).click();
  await page.getByRole('menuitem', { name: 'Restart Tutorial' }).click();
  await expect(page.getByTestId('onboarding-tour').getByText('1 of 8')).toBeVisible();
});
