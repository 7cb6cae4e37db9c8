import { expect, test, type Page } from '@playwright/test';
import { claimPhoneLine, upgradeTo } from '../support/accounts';
import { readFake } from '../support/fakes';
import { mainNav, registerViaApi, screenshotsIn } from '../shell/shell-helpers';

const snap = screenshotsIn('outbound');

async function openOutbound(page: Page) {
  await page.goto('/');
  await expect(page.getByTestId('section-chat')).toBeVisible();
  const menu = page.getByRole('button', { name: 'Open navigation' });
  if (await menu.isVisible()) await menu.click();
  await mainNav(page)
    .getByRole('button', { name: /^Outbound Calls/ })
    .click();
  await expect(page.getByTestId('section-outbound-calls')).toBeVisible();
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'mobile', width: 375, height: 812 },
]) {
  test.describe(viewport.name, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the free plan cannot place calls and says so', async ({ page }, testInfo) => {
      await registerViaApi(page.request, { ready: true });
      await openOutbound(page);
      await expect(page.getByRole('link', { name: 'Upgrade to Make Calls' })).toBeVisible();
      await expect(page.getByTestId('free-plan-warning')).toContainText('Free plan');
      await expect(page.getByLabel('Phone Number')).toBeDisabled();
      await snap(page, testInfo, `free-plan-${viewport.name}`);
    });

    test('a premium user queues a call; Twilio places it, and its log ends completed with its details', async ({
      page,
    }, testInfo) => {
      test.setTimeout(150_000);
      await registerViaApi(page.request, { ready: true });
      await upgradeTo(page, 'Premium');
      const line = await claimPhoneLine(page);
      await openOutbound(page);
      await expect(page.getByText('0 of 5 calls used this month')).toBeVisible();

      const callee = `+1212555${String(Date.now()).slice(-4)}`;
      await page.getByLabel('Call Type').click();
      await page.getByRole('option', { name: 'Missed Call Return' }).click();
      await page.getByLabel('Phone Number').fill(callee);
      await snap(page, testInfo, `form-${viewport.name}`);
      await page.getByRole('button', { name: 'Queue Call' }).click();
      await expect(page.getByTestId('toast').first()).toContainText('Call Queued');
      await expect(page.getByText('1 of 5 calls used this month')).toBeVisible({ timeout: 20_000 });

      // The fake answers, talks for 30 s of call time, records, and sends each signed status callback.
      const log = page.getByTestId('call-log').filter({ hasText: callee.slice(-4) });
      await expect(log).toBeVisible({ timeout: 30_000 });
      await expect(log.getByTestId('call-status')).toHaveText('Completed', { timeout: 60_000 });
      const calls = await readFake<{ to: string; from: string }[]>('twilio', 'calls');
      expect(calls.find((call) => call.to === callee)).toMatchObject({ from: line });

      // On a phone the toast sits over the list's foot, and it stays while a pointer rests on it: move away and let
      // it go.
      await page.mouse.move(5, 5);
      await expect(page.getByRole('region', { name: 'Notification' }).getByRole('alert')).toHaveCount(0, {
        timeout: 15_000,
      });
      await log.getByRole('button').click();
      const dialog = page.getByRole('dialog', { name: 'Call Details' });
      await expect(dialog.getByTestId('call-status')).toHaveText('Completed');
      await expect(dialog.getByText(/^\dm \d+s$/)).toBeVisible();
      await expect(dialog.getByTestId('call-id')).toHaveText(/^CA[0-9a-f]{6}$/i);
      // The recording Twilio kept streams through the gateway and the browser can play it.
      const audio = dialog.getByTestId('call-recording');
      await expect(audio).toBeVisible();
      await expect
        .poll(() => audio.evaluate((element) => (element as HTMLAudioElement).readyState), {
          timeout: 10_000,
        })
        .toBeGreaterThan(0);
      await snap(page, testInfo, `call-details-${viewport.name}`);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await snap(page, testInfo, `manual-calls-${viewport.name}`, true);
    });
  });
}

test('a premium user creates, runs and deletes an automated scenario', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await registerViaApi(page.request, { ready: true });
  await upgradeTo(page, 'Premium');
  await claimPhoneLine(page);
  await openOutbound(page);
  await page.getByRole('tab', { name: 'Automated Scenarios' }).click();
  await expect(
    page.getByText('No call scenarios yet. Create your first automated call scenario!'),
  ).toBeVisible();

  await page.getByRole('button', { name: 'New Scenario' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Scenario' });
  await dialog.getByLabel(/Target Phone Number/).fill(`+1212555${String(Date.now()).slice(-4)}`);
  await dialog.getByLabel('Run on a schedule').check();
  await expect(dialog.getByLabel('Schedule (cron)')).toHaveValue('0 8 * * *');
  // A schedule that would call every five minutes is refused by telephony, under the field.
  await dialog.getByLabel('Schedule (cron)').fill('*/5 * * * *');
  await dialog.getByRole('button', { name: 'Create Scenario' }).click();
  await expect(dialog.getByLabel('Schedule (cron)')).toHaveAccessibleDescription(
    'Schedules must be at least 15 minutes apart',
  );
  await snap(page, testInfo, 'scenario-dialog-too-frequent-desktop');
  await dialog.getByLabel('Schedule (cron)').fill('0 8 * * *');
  await snap(page, testInfo, 'scenario-dialog-desktop');
  await dialog.getByRole('button', { name: 'Create Scenario' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Scenario Created' })).toBeVisible();

  const card = page.getByTestId('scenario-card');
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('scheduled-badge')).toHaveText('Every day at 8:00 AM');
  await snap(page, testInfo, 'scenarios-desktop');
  await card.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Call Queued' })).toBeVisible();
  await expect(card).toContainText('last run', { timeout: 20_000 });

  await page.setViewportSize({ width: 375, height: 812 });
  await snap(page, testInfo, 'scenarios-mobile');
  await card.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete Scenario' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Scenario Deleted' })).toBeVisible();
  await expect(
    page.getByText('No call scenarios yet. Create your first automated call scenario!'),
  ).toBeVisible();
});
