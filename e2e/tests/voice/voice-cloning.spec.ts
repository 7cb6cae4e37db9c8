import { expect, test, type Page } from '@playwright/test';
import { upgradeTo } from '../support/accounts';
import { readFake } from '../support/fakes';
import { mainNav, registerViaApi, screenshotsIn } from '../shell/shell-helpers';
import { fakeMediaLaunchOptions, writeFakeVoiceWav } from './voice-helpers';

/**
 * Settings → Voice against the ElevenLabs fake: three samples recorded from Chromium's fake microphone, uploaded,
 * cloned by the voice service's background job, and the clone switched on.
 */
const snap = screenshotsIn('voice');
test.use({ launchOptions: fakeMediaLaunchOptions(writeFakeVoiceWav()) });

async function openVoiceTab(page: Page) {
  await page.goto('/');
  await expect(page.getByTestId('section-chat')).toBeVisible();
  const menu = page.getByRole('button', { name: 'Open navigation' });
  if (await menu.isVisible()) await menu.click();
  await mainNav(page)
    .getByRole('button', { name: /^Settings/ })
    .click();
  await page.getByRole('tab', { name: 'Voice' }).click();
}

async function recordSample(page: Page, label: RegExp) {
  await page.getByRole('button', { name: label }).click();
  await expect(page.getByLabel('Recording time')).toBeVisible();
  await page.waitForTimeout(1_200);
  await page.getByRole('button', { name: 'Stop' }).click();
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'mobile', width: 375, height: 812 },
]) {
  test(`clones the voice from three recorded samples and switches it on (${viewport.name})`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await registerViaApi(page.request, { ready: true });
    await upgradeTo(page, 'Premium');
    await openVoiceTab(page);

    // doc2: the clone button appears at 3 samples; until then the hint counts what is missing.
    await expect(page.getByText('Record at least 3 samples: 3 more needed.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Clone my voice' })).toHaveCount(0);
    await recordSample(page, /^Record sample$/);
    await recordSample(page, /^Record another sample$/);
    await expect(page.getByRole('button', { name: 'Clone my voice' })).toHaveCount(0);
    await snap(page, testInfo, `voice-two-samples-${viewport.name}`);
    await recordSample(page, /^Record another sample$/);
    await expect(page.getByText('3 of 5 samples')).toBeVisible();
    await snap(page, testInfo, `voice-samples-${viewport.name}`);

    const before = (await readFake<{ path: string }[]>('elevenlabs', 'requests')).length;
    await page.getByRole('button', { name: 'Clone my voice' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Voice cloning started' })).toBeVisible();
    await expect(page.getByText('Your voice clone is ready.')).toBeVisible({ timeout: 60_000 });
    const added = (await readFake<{ path: string }[]>('elevenlabs', 'requests')).slice(before);
    expect(added.filter((request) => request.path === '/v1/voices/add').length).toBeGreaterThanOrEqual(1);

    // The switch shows the server's state: click it and wait for the save (check() asserts before it answers).
    await page.getByLabel('Use my voice').click();
    await expect(page.getByLabel('Use my voice')).toBeChecked();
    await expect(page.getByTestId('toast').filter({ hasText: 'Voice setting updated' })).toBeVisible();
    const me = await (await page.request.get('/api/user')).json();
    expect(me).toMatchObject({
      voiceCloningStatus: 'completed',
      voiceCloningEnabled: true,
      elevenLabsVoiceId: expect.stringMatching(/^voice-/),
    });
    await snap(page, testInfo, `voice-cloned-${viewport.name}`);
  });
}
