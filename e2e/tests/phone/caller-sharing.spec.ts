import { expect, test, type Page } from '@playwright/test';
import { mainNav, registerViaApi, screenshotsIn } from '../shell/shell-helpers';
import { claimPhoneLine } from '../support/accounts';

const snap = screenshotsIn('phone');

/** Switches the main app to a section, through the drawer on a phone. */
async function openSection(page: Page, name: string) {
  if ((page.viewportSize()?.width ?? 1280) < 768)
    await page.getByRole('button', { name: 'Open navigation' }).click();
  await mainNav(page)
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .click();
}

async function openPhoneLineCard(page: Page) {
  await page.goto('/');
  await expect(page.getByTestId('section-chat')).toBeVisible();
  await openSection(page, 'Settings');
  const card = page.getByTestId('phone-line-card');
  await expect(card.getByTestId('phone-line-number')).toBeVisible();
  return card;
}

async function sharingOf(page: Page) {
  return ((await (await page.request.get('/api/phone-line')).json()) as { sharing: unknown }).sharing;
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'mobile', width: 375, height: 812 },
]) {
  test(`the phone line card says what callers hear and keeps the owner's choice (${viewport.width} px)`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await registerViaApi(page.request, { ready: true });
    await claimPhoneLine(page);
    const card = await openPhoneLineCard(page);

    // Until the owner chooses: the first name and when they are busy, never the twin.
    const sharing = card.getByTestId('caller-sharing');
    await expect(sharing.getByRole('heading', { name: 'What callers hear about you' })).toBeVisible();
    const name = sharing.getByRole('switch', { name: 'Your first name' });
    const busy = sharing.getByRole('switch', { name: 'When you are busy today' });
    const twin = sharing.getByRole('switch', { name: 'Facts from your AI twin' });
    await expect(name).toBeChecked();
    await expect(busy).toBeChecked();
    await expect(twin).not.toBeChecked();
    await expect(sharing).toContainText(
      'Your memories and the titles of your reminders are never shared with callers.',
    );
    await sharing.scrollIntoViewIfNeeded();
    await snap(page, testInfo, `phone-line-sharing-default-${viewport.name}`);

    // Each switch is saved as it moves.
    await twin.click();
    await expect.poll(() => sharingOf(page)).toEqual({ name: true, availability: true, twinFacts: true });
    await name.click();
    await expect
      .poll(() => sharingOf(page))
      .toEqual({ name: false, availability: true, twinFacts: true });
    if (viewport.width < 768) {
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(viewport.width);
    }

    // Still so after a reload.
    const again = await openPhoneLineCard(page);
    const kept = again.getByTestId('caller-sharing');
    await expect(kept.getByRole('switch', { name: 'Your first name' })).not.toBeChecked();
    await expect(kept.getByRole('switch', { name: 'When you are busy today' })).toBeChecked();
    await expect(kept.getByRole('switch', { name: 'Facts from your AI twin' })).toBeChecked();
    await kept.scrollIntoViewIfNeeded();
    await snap(page, testInfo, `phone-line-sharing-changed-${viewport.name}`);
  });
}
