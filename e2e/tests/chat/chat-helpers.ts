import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { AJAX, mainNav, registerViaApi } from '../shell/shell-helpers';

export { AJAX, mainNav, registerViaApi };

const SCREENSHOTS = join(__dirname, '..', '..', 'screenshots', 'chat');

/** Saves a screenshot into e2e/screenshots/chat (for people to look at) and attaches it to the report. */
export async function snap(page: Page, testInfo: TestInfo, name: string, fullPage = false) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const file = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/** A new signed-in user with terms and onboarding done, on the chat screen. */
export async function openChatAsNewUser(page: Page) {
  const account = await registerViaApi(page.request, { ready: true });
  await page.goto('/');
  await expect(page.getByTestId('section-chat')).toBeVisible();
  return account;
}

export function chatBox(page: Page) {
  return page.getByRole('textbox', { name: 'Message Jarvis' });
}

/** Types a message, sends it with Enter and waits for Jarvis's complete reply to it (not the bubble still growing). */
export async function sendChat(page: Page, text: string) {
  const replies = page.locator('[data-testid="message"][data-role="assistant"]:not([data-streaming])');
  const before = await replies.count();
  await chatBox(page).fill(text);
  await chatBox(page).press('Enter');
  await expect(replies).toHaveCount(before + 1);
  return replies.nth(before);
}

/** Switches the main app to a section through the side navigation (desktop). */
export async function openSection(page: Page, name: string) {
  await mainNav(page)
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .click();
}

export function toast(page: Page) {
  return page.getByTestId('toast');
}
