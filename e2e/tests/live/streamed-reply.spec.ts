import { expect, test } from '@playwright/test';
import { chatBox, openChatAsNewUser, snap } from '../chat/chat-helpers';

declare global {
  interface Window {
    streamedLengths?: number[];
  }
}

test('a streamed reply grows in the chat screen, then becomes the final message', async ({
  page,
}, testInfo) => {
  await openChatAsNewUser(page);
  // Record the text length of the growing reply at every change of the page, from before the send.
  await page.evaluate(() => {
    window.streamedLengths = [];
    new MutationObserver(() => {
      const growing = document.querySelector(
        '[data-testid="message"][data-streaming="true"] [data-testid="message-text"]',
      );
      const length = growing?.textContent?.trim().length ?? 0;
      const seen = window.streamedLengths!;
      if (length > 0 && seen[seen.length - 1] !== length) seen.push(length);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  const asked = page.waitForRequest((req) => req.url().endsWith('/api/chat') && req.method() === 'POST');
  await chatBox(page).fill('tell me about yourself and what you can do for me today');
  await chatBox(page).press('Enter');
  expect((await asked).headers()['accept']).toContain('text/event-stream');

  const reply = page.locator('[data-testid="message"][data-role="assistant"]').last();
  // The final message has the toolbar the growing one lacks.
  await expect(reply.getByRole('button', { name: 'Copy' })).toBeVisible();
  await expect(reply).not.toHaveAttribute('data-streaming');
  await expect(reply.getByTestId('message-text')).not.toBeEmpty();
  const lengths = await page.evaluate(() => window.streamedLengths ?? []);
  // At least two different partial texts were on screen before the final message, and the text grew. A step may
  // shrink by a character or two: a markdown marker ('-', '*') is shown as typed until the next token makes it a
  // list item or emphasis.
  const seen = `lengths seen while streaming: ${lengths.join(', ')}`;
  expect(new Set(lengths).size, seen).toBeGreaterThanOrEqual(2);
  expect(lengths.at(-1)!, seen).toBeGreaterThan(lengths[0]);
  const shrinks = lengths
    .slice(1)
    .map((length, i) => lengths[i] - length)
    .filter((drop) => drop > 2);
  expect(shrinks, seen).toEqual([]);
  await expect(page.getByTestId('typing-indicator')).toHaveCount(0);
  await snap(page, testInfo, 'chat-streamed-reply-desktop');
});
