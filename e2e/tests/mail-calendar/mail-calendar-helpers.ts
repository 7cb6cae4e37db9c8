import { expect, type Page } from '@playwright/test';
import { callFake, fakeAddresses } from '../support/fakes';
import { AJAX, uniqueName } from '../shell/shell-helpers';

export const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'mobile', width: 375, height: 812 },
] as const;

/**
 * Calls a fake's method that returns nothing. The control server cannot yet turn `undefined` into JSON and answers
 * 500 after the call took effect, so that one answer is taken as done.
 */
export async function callFakeVoid(fake: 'google', method: string, ...args: unknown[]): Promise<void> {
  await callFake(fake, method, ...args).catch((error: Error) => {
    if (!/not valid JSON/.test(error.message)) throw error;
  });
}

/**
 * A Google account of the fake for this test alone, so tests never share a mailbox. Its consent screen signs in as
 * the account named by `login_hint` (as Google's does), which this page's browser context adds to every
 * authorization request it makes, so tests running side by side each get their own. A flow that reaches Google
 * through a server redirect (the calendar popup) is not seen by the browser's routing: `viaRedirect` makes the
 * account the fake's next consent instead, and such tests must not run side by side (calendar.spec.ts is serial).
 */
export async function nextGoogleAccount(page: Page, { viaRedirect = false } = {}): Promise<string> {
  const email = `${uniqueName('g')}@gmail.com`;
  if (viaRedirect) await callFakeVoid('google', 'consentAs', email, 'Ada Tester');
  await page.context().route(`${fakeAddresses().google}/o/oauth2/v2/auth?**`, (route) => {
    const url = new URL(route.request().url());
    url.searchParams.set('login_hint', email);
    return route.continue({ url: url.toString() });
  });
  return email;
}

/** Upgrades the signed-in user to Premium through the Stripe fake's Checkout, as the billing spec does. */
export async function upgradeToPremium(page: Page) {
  await page.goto('/account');
  await page.getByRole('button', { name: 'Upgrade to Premium' }).click();
  await expect(page.getByRole('heading', { name: 'Test Checkout' })).toBeVisible();
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await page.waitForURL(/\/account\?checkout=success/);
  await expect(page.getByTestId('current-plan')).toHaveText('Premium', { timeout: 30_000 });
}

/** The signed-in user's booking link, as a drafted text message with includeBookingLink writes it. */
export async function bookingPathOf(page: Page): Promise<string> {
  const res = await page.request.post('/api/draft/message', {
    headers: AJAX,
    data: { message: 'Pick a time that suits you: [booking link]', includeBookingLink: true },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { message } = (await res.json()) as { message: string };
  const path = /\/book\/[A-Za-z0-9_-]{10,}/.exec(message)?.[0];
  expect(path, message).toBeTruthy();
  return path as string;
}
