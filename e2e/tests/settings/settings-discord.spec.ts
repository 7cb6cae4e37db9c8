import { expect, test, type Page } from '@playwright/test';
import { mainNav, registerViaApi, screenshotsIn } from '../shell/shell-helpers';

const snap = screenshotsIn('settings');

async function openSettings(page: Page) {
  await page.goto('/');
  await expect(page.getByTestId('section-chat')).toBeVisible();
  const menu = page.getByRole('button', { name: 'Open navigation' });
  if (await menu.isVisible()) await menu.click();
  await mainNav(page)
    .getByRole('button', { name: /^Settings/ })
    .click();
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'mobile', width: 375, height: 812 },
]) {
  test(`Settings saves the Theme and Notifications tabs to the account (${viewport.name})`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await registerViaApi(page.request, { ready: true });
    await openSettings(page);

    await page.getByRole('tab', { name: 'Theme' }).click();
    await page.getByRole('group', { name: 'Theme mode' }).getByRole('button', { name: 'Dark' }).click();
    await page.getByRole('radio', { name: 'Rose' }).click();
    await expect
      .poll(
        async () =>
          (await (await page.request.get('/api/auth/user')).json()) as {
            themeMode: string;
            themeColor: string;
          },
      )
      .toMatchObject({ themeMode: 'dark', themeColor: 'rose' });
    await snap(page, testInfo, `theme-${viewport.name}`);

    await page.getByRole('tab', { name: 'Notifications' }).click();
    await page.getByRole('switch', { name: 'Email notifications' }).click();
    await page.getByTestId('email-settings').getByRole('checkbox', { name: 'Urgent messages' }).click();
    await page.getByRole('switch', { name: 'Voice alerts' }).click();
    await page.getByLabel('Wake time').fill('06:30');
    await page.getByRole('button', { name: 'Save Settings' }).first().click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Settings saved' })).toBeVisible();
    const preferences = await (await page.request.get('/api/notifications/preferences')).json();
    expect(preferences.email).toMatchObject({
      enabled: true,
      events: expect.arrayContaining(['urgent_message']),
    });
    expect(await (await page.request.get('/api/user/voice-alerts')).json()).toEqual({
      enabled: true,
      wakeTime: '06:30',
    });
    await page.reload();
    await openSettings(page);
    await page.getByRole('tab', { name: 'Notifications' }).click();
    await expect(page.getByRole('switch', { name: 'Email notifications' })).toBeChecked();
    await expect(page.getByLabel('Wake time')).toHaveValue('06:30');
    await snap(page, testInfo, `notifications-tab-${viewport.name}`);
  });
}

test('/discord-setup: the invite link with its permissions, and the connection test against Discord', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await registerViaApi(page.request, { ready: true });
  await page.goto('/discord-setup');
  const invite = page.getByRole('link', { name: 'Add Jarvis to your server' });
  await expect(invite).toHaveAttribute('href', /client_id=987654321098765432/);
  await expect(invite).toHaveAttribute('href', /permissions=277025392640/);
  await expect(page.getByTestId('discord-connection-state')).toContainText('Not tested yet.');
  await page.getByRole('button', { name: 'Test Connection' }).click();
  const state = page.getByTestId('discord-connection-state');
  await expect(state).toHaveAttribute('data-state', 'connected');
  await expect(state).toContainText('Connected');
  await expect(state.getByRole('list', { name: 'Discord servers' })).toContainText('Friends');
  await snap(page, testInfo, 'discord-connected-desktop');
  await page.setViewportSize({ width: 375, height: 812 });
  await snap(page, testInfo, 'discord-connected-mobile');
});
