import { expect, test, type Page } from '@playwright/test';
import { mainNav, registerViaApi, screenshotsIn } from '../shell/shell-helpers';
import { callFake, fakeAddresses } from '../support/fakes';

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

const AJAX = { 'X-Requested-With': 'XMLHttpRequest' };
/** The fake bot's servers (libs/testing/src/fakes/discord.fake.ts). */
const FRIENDS_GUILD = '123456789012345678';
const FRIENDS_CHANNEL = '223456789012345678';

test('/discord-setup: the bot is added through Discord and back, and only its installer reaches that server', async ({
  page,
  browser,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await registerViaApi(page.request, { ready: true });
  await page.goto('/discord-setup');
  await expect(page.getByTestId('discord-connection-state')).toContainText('Not tested yet.');
  const invite = page.getByRole('link', { name: 'Add Jarvis to your server' });
  const href = new URL((await invite.getAttribute('href'))!);
  expect(`${href.origin}${href.pathname}`).toBe(`${fakeAddresses().discord}/oauth2/authorize`);
  expect(href.searchParams.get('client_id')).toBe('987654321098765432');
  expect(href.searchParams.get('permissions')).toBe('277025392640');
  expect(href.searchParams.get('redirect_uri')).toBe(new URL('/api/discord/callback', page.url()).toString());
  expect(href.searchParams.get('state')).toBeTruthy();

  // Discord's consent (the fake adds the bot to 'Friends' at once) and back through Jarvis's callback.
  await callFake('discord', 'chooseGuild', FRIENDS_GUILD);
  await invite.click();
  await expect(page).toHaveURL(/\/discord-setup$/);
  await expect(page.getByTestId('discord-install-result')).toContainText('Jarvis was added to your server');
  const state = page.getByTestId('discord-connection-state');
  await expect(state).toHaveAttribute('data-state', 'connected');
  await expect(state.getByRole('list', { name: 'Discord servers' })).toHaveText('Friends');
  await snap(page, testInfo, 'discord-connected-desktop', true);
  await page.setViewportSize({ width: 375, height: 812 });
  await snap(page, testInfo, 'discord-connected-mobile');
  await snap(page, testInfo, 'discord-connected-mobile-full', true);

  // The installer posts there; another account sees none of it and gets 404, listing or posting.
  const posted = await page.request.post('/api/discord/message', {
    headers: AJAX,
    data: { channelId: FRIENDS_CHANNEL, content: 'Hello from the e2e test' },
  });
  expect(posted.status(), await posted.text()).toBe(200);
  const other = await browser.newContext();
  try {
    await registerViaApi(other.request, { ready: true });
    expect(await (await other.request.get('/api/discord/servers')).json()).toEqual([]);
    expect((await other.request.get(`/api/discord/channels/${FRIENDS_GUILD}`)).status()).toBe(404);
    const foreign = await other.request.post('/api/discord/message', {
      headers: AJAX,
      data: { channelId: FRIENDS_CHANNEL, content: 'spam' },
    });
    expect(foreign.status()).toBe(404);
  } finally {
    await other.close();
  }

  // A callback with a state Jarvis did not give out binds nothing and says why.
  await page.goto('/api/discord/callback?code=forged&state=forged');
  await expect(page).toHaveURL(/\/discord-setup$/);
  await expect(page.getByTestId('discord-install-result')).toContainText(
    'The link to add the bot had expired or was already used. Please try again.',
  );
  await snap(page, testInfo, 'discord-refused-mobile');
  await page.setViewportSize({ width: 1280, height: 900 });
  await snap(page, testInfo, 'discord-refused-desktop');
});
