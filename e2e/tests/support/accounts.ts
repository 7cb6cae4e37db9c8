import { expect, type Page } from '@playwright/test';
import { AJAX } from '../shell/shell-helpers';
import { callFake } from './fakes';

/**
 * Upgrades the signed-in user of `page` to a paid plan the way a user does: the Account page's upgrade button, the
 * Stripe fake's Checkout page, and the signed webhooks it sends back.
 */
export async function upgradeTo(page: Page, plan: 'Premium' | 'Enterprise') {
  await page.goto('/account');
  await page.getByRole('button', { name: `Upgrade to ${plan}` }).click();
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await page.waitForURL(/\/account\?checkout=success/);
  await expect(page.getByTestId('current-plan')).toHaveText(plan, { timeout: 30_000 });
}

/**
 * One of the numbers the system offers as phone lines (TWILIO_CLAIMABLE_NUMBERS, set by e2e/fakes/serve-fakes.ts),
 * now on the Twilio fake's account and never given to another test, whichever worker asks.
 */
export function offeredNumber(): Promise<string> {
  return callFake<string>('twilio', 'takeClaimableNumber');
}

/** Gives the signed-in user a phone line: a fresh offered number, claimed through the API. */
export async function claimPhoneLine(page: Page): Promise<string> {
  const number = await offeredNumber();
  const res = await page.request.post('/api/phone-line', { headers: AJAX, data: { phoneNumber: number } });
  expect(res.ok(), await res.text()).toBe(true);
  return number;
}
