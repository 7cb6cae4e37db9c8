import { expect, type Page, test } from '@playwright/test';
import { mainNav, registerViaApi } from './shell-helpers';

/**
 * The gateway answers every page with a strict Content-Security-Policy (no inline script, no eval, nothing may frame
 * the app). The app must run under it: every screen is opened here and any violation Chromium reports fails the test.
 */

const SECTIONS = [
  ['Chat', 'chat'],
  ['Reminders', 'reminders'],
  ['Memory', 'memory'],
  ['AI Twin', 'twin'],
  ['Quick Responses', 'shortcuts'],
  ['Phone Messages', 'phone'],
  ['Outbound Calls', 'outbound-calls'],
  ['Notifications', 'notifications'],
  ['Settings', 'settings'],
  ['Account', 'account'],
  ['Share', 'share'],
  ['Get Help', 'help'],
] as const;

const ROUTES = ['/conversations', '/emails', '/contacts', '/calendar-settings', '/orb', '/discord-setup', '/help'];

/** Collects every CSP violation of the page and its frames (the event, and Chromium's console line). */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeBinding('reportCspViolation', (_source, text: string) => void violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation(
        `${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} in ${e.sourceFile || e.documentURI}:${e.lineNumber}`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

/** Waits until every request the screen started has finished (the /api/live stream stays open by design). */
async function settled(page: Page, inflight: Set<unknown>) {
  await expect.poll(() => inflight.size, { timeout: 15_000 }).toBe(0);
  await page.waitForTimeout(300);
  await expect.poll(() => inflight.size, { timeout: 15_000 }).toBe(0);
}

function trackRequests(page: Page) {
  const inflight = new Set<unknown>();
  page.on('request', (request) => {
    if (!request.url().includes('/api/live')) inflight.add(request);
  });
  page.on('requestfinished', (request) => void inflight.delete(request));
  page.on('requestfailed', (request) => void inflight.delete(request));
  return inflight;
}

test('a visitor sees the landing, sign-in and help pages under the Content-Security-Policy without a violation', async ({ page }) => {
  const violations = await watchViolations(page);
  const inflight = trackRequests(page);
  const landing = await page.goto('/');
  const csp = landing!.headers()['content-security-policy'];
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(landing!.headers()['x-content-type-options']).toBe('nosniff');
  await expect(page.getByRole('heading').first()).toBeVisible();
  await settled(page, inflight);
  for (const path of ['/login', '/help', '/book/no-such-code']) {
    await page.goto(path);
    await expect(page.getByRole('heading').first()).toBeVisible();
    await settled(page, inflight);
  }
  expect(violations).toEqual([]);
});

test('a signed-in user opens every section, settings tab and page without a CSP violation', async ({ page }) => {
  test.setTimeout(120_000);
  const violations = await watchViolations(page);
  const inflight = trackRequests(page);
  await registerViaApi(page.request, { ready: true });
  await page.goto('/');
  await expect(page.getByTestId('section-chat')).toBeVisible();
  await settled(page, inflight);

  for (const [label, id] of SECTIONS) {
    await mainNav(page).getByRole('button', { name: label, exact: true }).click();
    await expect(page.getByTestId(`section-${id}`)).toBeVisible();
    await settled(page, inflight);
    expect(violations, `section ${label}`).toEqual([]);
  }

  await mainNav(page).getByRole('button', { name: 'Settings', exact: true }).click();
  const tabs = page.getByTestId('section-settings').getByRole('tab');
  const count = await tabs.count();
  expect(count).toBeGreaterThan(1);
  for (let i = 0; i < count; i++) {
    await tabs.nth(i).click();
    await expect(tabs.nth(i)).toHaveAttribute('aria-selected', 'true');
    await settled(page, inflight);
    expect(violations, `settings tab ${i}`).toEqual([]);
  }

  for (const path of ROUTES) {
    await page.goto(path);
    await expect(page.getByRole('heading').first()).toBeVisible();
    await settled(page, inflight);
    expect(violations, path).toEqual([]);
  }
});
