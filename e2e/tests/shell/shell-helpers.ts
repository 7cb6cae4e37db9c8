import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';

/** Every state-changing /api call needs the header the web app always sends. */
export const AJAX = { 'X-Requested-With': 'XMLHttpRequest' };

/** A username no other test (or earlier run) uses. */
export function uniqueName(prefix = 'u'): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

export interface TestAccount {
  username: string;
  password: string;
}

/**
 * Registers a fresh account through the API with the page's own cookie jar, so the page is signed in afterwards.
 * `ready` also accepts the terms and completes onboarding, for tests about the app itself.
 */
export async function registerViaApi(
  request: APIRequestContext,
  { ready = false, email }: { ready?: boolean; email?: string } = {},
): Promise<TestAccount> {
  const account = { username: uniqueName(), password: `pw-${uniqueName()}` };
  const res = await request.post('/api/register', {
    headers: AJAX,
    data: { ...account, ...(email ? { email } : {}) },
  });
  expect(res.status(), await res.text()).toBe(201);
  if (ready) {
    expect((await request.post('/api/auth/accept-terms', { headers: AJAX })).ok()).toBe(true);
    expect((await request.post('/api/auth/onboarding/complete', { headers: AJAX })).ok()).toBe(true);
  }
  return account;
}

/** Saves a screenshot into e2e/screenshots (for people to look at) and attaches it to the test's report. */
export async function snap(page: Page, testInfo: TestInfo, name: string) {
  const file = join(__dirname, '..', '..', 'screenshots', `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/** The side navigation's main list (desktop panel or mobile drawer). */
export function mainNav(page: Page) {
  return page.getByRole('navigation', { name: 'Main navigation' });
}

/**
 * A `snap(page, testInfo, name, fullPage?)` that saves screenshots into e2e/screenshots/<folder> (for people to look
 * at) and attaches them to the report.
 */
export function screenshotsIn(folder: string) {
  const dir = join(__dirname, '..', '..', 'screenshots', folder);
  return async (page: Page, testInfo: TestInfo, name: string, fullPage = false) => {
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${name}.png`);
    await page.screenshot({ path: file, fullPage, animations: 'disabled' });
    await testInfo.attach(name, { path: file, contentType: 'image/png' });
  };
}
