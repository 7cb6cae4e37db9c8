import { expect, test } from '@playwright/test';
import { upgradeTo } from '../support/accounts';
import { AJAX, registerViaApi, screenshotsIn } from '../shell/shell-helpers';

const snap = screenshotsIn('billing');

/** The free plan's daily chat messages (QUOTA_KINDS in libs/contracts; the e2e system sets no QUOTA_ override). */
const FREE_CHAT_MESSAGES = 50;

/**
 * Today's quotas on the Account page, counted by the real gateway in Redis: the chat runs offline here (no model is
 * configured), and each message still counts against the free plan's daily quota.
 */
for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'mobile', width: 375, height: 812 },
]) {
  test.describe(viewport.name, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("the Account page shows today's use of each quota as a meter", async ({ page }, testInfo) => {
      await registerViaApi(page.request, { ready: true });
      for (const message of ['hello', 'what can you do?']) {
        const res = await page.request.post('/api/chat', { headers: AJAX, data: { message } });
        expect(res.status(), await res.text()).toBe(200);
      }
      await page.goto('/account');
      const usage = page.getByTestId('account-usage');
      await expect(usage.getByRole('heading', { name: "Today's Usage" })).toBeVisible();
      await expect(page.getByTestId('quota-chat_messages')).toContainText('Chat messages');
      await expect(page.getByTestId('quota-chat_messages-text')).toHaveText(`2 / ${FREE_CHAT_MESSAGES} messages`);
      await expect(page.getByRole('progressbar', { name: 'Chat messages used today' })).toHaveAttribute(
        'aria-valuenow',
        '4',
      );
      await expect(page.getByTestId('quota-speech_characters-text')).toHaveText('0 / 5,000 characters');
      await expect(page.getByTestId('quota-voice_clones-text')).toHaveText('Not included in your plan');
      await expect(page.getByTestId('account-usage-resets')).toHaveText(
        'Daily limits of your plan. They reset at 12:00 AM ET.',
      );
      // Nothing overflows a phone's width.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await usage.scrollIntoViewIfNeeded();
      await snap(page, testInfo, `account-usage-free-${viewport.name}`);
    });
  });
}

test('a free user over the daily chat quota reads why in the chat, and the meter is full', async ({ page }, testInfo) => {
  await registerViaApi(page.request, { ready: true });
  for (let i = 0; i < FREE_CHAT_MESSAGES; i++) {
    const res = await page.request.post('/api/chat', { headers: AJAX, data: { message: `message ${i}` } });
    expect(res.status(), await res.text()).toBe(200);
  }
  const refused = await page.request.post('/api/chat', { headers: AJAX, data: { message: 'one more' } });
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()['retry-after'])).toBeGreaterThan(0);
  expect(await refused.json()).toMatchObject({ code: 'QUOTA_EXCEEDED', kind: 'chat_messages', limit: FREE_CHAT_MESSAGES, requiresUpgrade: true });

  await page.goto('/');
  const box = page.getByRole('textbox', { name: 'Message Jarvis' });
  await box.fill('Are you there?');
  await box.press('Enter');
  await expect(page.getByTestId('toast').filter({ hasText: 'Daily limit reached' })).toBeVisible();
  const reply = page.locator('[data-testid="message"][data-role="assistant"]').last();
  await expect(reply).toContainText(
    `Daily limit reached for chat messages: the Free plan includes ${FREE_CHAT_MESSAGES} messages a day. It resets at 12:00 AM ET. Upgrade your plan for more.`,
  );
  await snap(page, testInfo, 'chat-quota-exceeded-desktop');

  await page.goto('/account');
  await expect(page.getByTestId('quota-chat_messages-text')).toHaveText(`${FREE_CHAT_MESSAGES} / ${FREE_CHAT_MESSAGES} messages`);
  await expect(page.getByRole('progressbar', { name: 'Chat messages used today' })).toHaveAttribute('aria-valuenow', '100');
});

test('an enterprise account sees Unlimited on every meter', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await registerViaApi(page.request, { ready: true });
  await upgradeTo(page, 'Enterprise');
  expect((await page.request.post('/api/chat', { headers: AJAX, data: { message: 'hello' } })).status()).toBe(200);
  await page.goto('/account');
  await expect(page.getByTestId('quota-chat_messages-text')).toHaveText('1 used · Unlimited');
  await expect(page.getByTestId('quota-web_searches-text')).toHaveText('0 used · Unlimited');
  await page.getByTestId('account-usage').scrollIntoViewIfNeeded();
  await snap(page, testInfo, 'account-usage-enterprise-desktop');
});
