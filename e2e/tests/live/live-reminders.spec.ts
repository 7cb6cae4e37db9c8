import { expect, test } from '@playwright/test';
import { AJAX, openChatAsNewUser } from '../chat/chat-helpers';

test('a reminder created through the API appears in the sidebar within 2 s, without a reload', async ({
  page,
}) => {
  const liveOpened = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/live');
  await openChatAsNewUser(page);
  // The live stream is open before the reminder is made (reminders are not polled: only the event can bring it).
  expect((await liveOpened).status()).toBe(200);
  const upcoming = page.getByTestId('upcoming-reminders');
  await expect(upcoming).toContainText('Nothing coming up.');
  let reloaded = false;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) reloaded = true;
  });

  const res = await page.request.post('/api/reminders', {
    headers: AJAX,
    data: { title: 'water the plants', when: 'tomorrow at 9am' },
  });
  expect(res.status(), await res.text()).toBe(201);
  await expect(upcoming.getByTestId('upcoming-reminder')).toContainText('water the plants', {
    timeout: 2_000,
  });
  await expect(page.getByTestId('badge-reminders')).toHaveText('1', { timeout: 2_000 });
  expect(reloaded).toBe(false);
});
