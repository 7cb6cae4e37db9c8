import { expect, test } from '@playwright/test';
import { readFake } from '../support/fakes';
import { registerViaApi, screenshotsIn } from '../shell/shell-helpers';

const snap = screenshotsIn('billing');

/**
 * A paid plan through the real chain: the Account page asks billing for a Checkout session on the Stripe fake, the
 * fake's Checkout page is paid, the fake posts Stripe's signed webhooks to /webhooks/billing/stripe, billing publishes
 * the tier change, the gateway applies it, and the Account page (back on /account?checkout=success) follows.
 */
for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'mobile', width: 375, height: 812 },
]) {
  test.describe(viewport.name, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('upgrades to Premium through Checkout; the Account page shows the plan, the call usage and Manage Billing', async ({
      page,
    }, testInfo) => {
      test.setTimeout(90_000);
      await registerViaApi(page.request, { ready: true });
      await page.goto('/account');
      await expect(page.getByTestId('current-plan')).toHaveText('Free');
      await expect(page.getByRole('button', { name: 'Manage Billing' })).toBeDisabled();
      await expect(page.getByTestId('account-call-usage')).toHaveCount(0);
      await snap(page, testInfo, `account-free-${viewport.name}`);

      await page.getByRole('button', { name: 'Upgrade to Premium' }).click();
      await expect(page.getByRole('heading', { name: 'Test Checkout' })).toBeVisible();
      const checkouts = await readFake<Record<string, string>[]>('stripe', 'checkouts');
      expect(checkouts.at(-1)).toMatchObject({
        mode: 'subscription',
        'line_items[0][price]': 'price_premium_test',
      });
      await page.getByRole('button', { name: 'Subscribe' }).click();

      await page.waitForURL(/\/account\?checkout=success/);
      await expect(page.getByTestId('current-plan')).toHaveText('Premium', { timeout: 30_000 });
      await expect(page.getByTestId('checkout-notice')).toContainText('Thank you! Your plan is now active.');
      await expect(page.getByTestId('account-call-usage')).toContainText('0 of 5');
      await expect(page.getByRole('button', { name: 'Upgrade to Premium' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Upgrade to Enterprise' })).toBeVisible();
      const me = await (await page.request.get('/api/auth/user')).json();
      expect(me).toMatchObject({
        subscriptionTier: 'premium',
        stripeCustomerId: expect.stringMatching(/^cus_/),
      });
      await snap(page, testInfo, `account-premium-${viewport.name}`, true);

      await page.getByRole('button', { name: 'Manage Billing' }).click();
      await expect(page.getByRole('heading', { name: 'Test Billing Portal' })).toBeVisible();
      await page.getByRole('link', { name: 'Return' }).click();
      await expect(page.getByTestId('current-plan')).toHaveText('Premium');
    });
  });
}

test('a cancelled Checkout changes nothing and says so', async ({ page }) => {
  await registerViaApi(page.request, { ready: true });
  await page.goto('/account');
  await page.getByRole('button', { name: 'Upgrade to Enterprise' }).click();
  await expect(page.getByRole('heading', { name: 'Test Checkout' })).toBeVisible();
  await page.getByRole('link', { name: 'Cancel' }).click();
  await page.waitForURL(/\/account\?checkout=cancelled/);
  await expect(page.getByTestId('checkout-notice')).toHaveText(
    'Checkout was cancelled. Your plan has not changed.',
  );
  await expect(page.getByTestId('current-plan')).toHaveText('Free');
});
