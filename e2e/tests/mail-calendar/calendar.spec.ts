import { expect, test } from '@playwright/test';
import { callFake } from '../support/fakes';
import { registerViaApi, screenshotsIn } from '../shell/shell-helpers';
import { nextGoogleAccount, VIEWPORTS } from './mail-calendar-helpers';

const snap = screenshotsIn('mail-calendar');
const HOUR = 3_600_000;
// The popup reaches Google through the server's redirect, so each test sets the fake's next consent: one at a time.
test.describe.configure({ mode: 'serial' });

for (const viewport of VIEWPORTS) {
  test.describe(`calendar at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('connects Google Calendar in the 600x700 popup, turns sync on and syncs the next days into reminders', async ({
      page,
    }, testInfo) => {
      test.setTimeout(90_000);
      await registerViaApi(page.request, { ready: true });
      const email = await nextGoogleAccount(page, { viaRedirect: true });
      const start = Date.now() + 26 * HOUR;
      await callFake('google', 'seedEvents', email, [
        {
          summary: 'Team standup',
          start: new Date(start).toISOString(),
          end: new Date(start + HOUR / 2).toISOString(),
        },
        {
          summary: 'Lunch with Grace',
          start: new Date(start + 3 * HOUR).toISOString(),
          end: new Date(start + 4 * HOUR).toISOString(),
        },
      ]);

      await page.goto('/calendar-settings');
      await expect(page.getByRole('heading', { level: 1, name: 'Calendar Sync Settings' })).toBeVisible();
      await expect(page.getByText('Not connected')).toBeVisible();
      await snap(page, testInfo, `e2e-calendar-not-connected-${viewport.name}`);

      const popupOpened = page.waitForEvent('popup');
      await page.getByRole('button', { name: 'Connect Google Calendar' }).click();
      const popup = await popupOpened;
      await popup.waitForEvent('close', { timeout: 20_000 });

      const card = page.getByTestId('calendar-connection-card');
      await expect(card.getByText('Connected', { exact: true })).toBeVisible();
      await expect(card.getByTestId('calendar-email')).toHaveText(email);
      const sync = page.getByTestId('calendar-sync-card');
      await expect(sync.getByRole('switch', { name: 'Enable calendar sync' })).not.toBeChecked();
      await expect(sync.getByRole('switch', { name: 'Create reminders from events' })).toBeDisabled();
      await expect(sync.getByRole('button', { name: 'Sync Now' })).toBeDisabled();

      await sync.getByRole('switch', { name: 'Enable calendar sync' }).click();
      await expect(page.getByTestId('toast').filter({ hasText: 'Settings Updated' })).toBeVisible();
      await expect(sync.getByRole('switch', { name: 'Create reminders from events' })).toBeEnabled();
      const minutes = sync.getByRole('spinbutton', { name: 'Minutes before event' });
      await minutes.fill('');
      await minutes.press('Enter');
      await expect(minutes).toHaveValue('15');

      await sync.getByRole('button', { name: 'Sync Now' }).click();
      await expect(page.getByTestId('toast').filter({ hasText: 'Sync Complete' })).toContainText(
        'Synced 2 reminders and 0 calls',
      );
      const synced = page.getByTestId('synced-event');
      await expect(synced).toHaveCount(2);
      await expect(page.getByTestId('recent-syncs')).toContainText('Team standup');
      await page.evaluate(() => window.scrollTo(0, 0));
      await snap(page, testInfo, `e2e-calendar-synced-${viewport.name}`, true);

      await page.getByRole('button', { name: 'Remove Lunch with Grace' }).click();
      await expect(page.getByTestId('toast').filter({ hasText: 'Event Removed' })).toBeVisible();
      await expect(synced).toHaveCount(1);

      await card.getByRole('button', { name: 'Disconnect' }).click();
      await expect(page.getByTestId('toast').filter({ hasText: 'Calendar Disconnected' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Connect Google Calendar' })).toBeVisible();
    });
  });
}

test('Settings → Calendar shows the same panel', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await registerViaApi(page.request, { ready: true });
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByText('Settings', { exact: true })
    .click();
  await page.getByRole('tab', { name: 'Calendar' }).click();
  await expect(page.getByTestId('calendar-connection-card')).toContainText('Google Calendar');
  await expect(page.getByRole('button', { name: 'Connect Google Calendar' })).toBeVisible();
});
