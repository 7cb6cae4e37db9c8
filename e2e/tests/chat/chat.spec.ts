import { expect, test } from '@playwright/test';
import { chatBox, openChatAsNewUser, sendChat, snap, toast } from './chat-helpers';

test('a message gets a reply with an action button that creates the reminder in the sidebar', async ({
  page,
}, testInfo) => {
  await openChatAsNewUser(page);
  await expect(page.getByText('Fresh chat started!')).toBeVisible();
  await expect(page.getByTestId('mood-indicator')).toHaveAttribute('data-mood', 'idle');
  await expect(page.getByTestId('upcoming-reminders')).toContainText('Nothing coming up.');

  const reply = await sendChat(page, 'remind me to call mom tomorrow at 5pm');
  await expect(page.locator('[data-testid="message"][data-role="user"]')).toContainText(
    'remind me to call mom tomorrow at 5pm',
  );
  await expect(reply).toContainText('call mom');
  await expect(reply).toContainText(/\d{1,2}:\d{2} (AM|PM) ET/);
  await expect(reply.getByText('Click a button below to continue')).toBeVisible();
  const action = reply.getByRole('button', { name: 'Create Reminder: call mom' });
  await expect(action).toHaveAttribute('data-status', 'pending');
  await expect(page.getByTestId('mood-indicator')).toHaveAttribute('data-mood', /responding|active/);
  await snap(page, testInfo, 'chat-reply-desktop');

  await action.click();
  await expect(toast(page)).toContainText('Reminder Created');
  await expect(action).toHaveAttribute('data-status', 'executed');
  await expect(action).toBeDisabled();
  await expect(reply.getByText('Click a button below to continue')).toHaveCount(0);
  const sidebarReminder = page.getByTestId('upcoming-reminders').getByTestId('upcoming-reminder');
  await expect(sidebarReminder).toHaveCount(1);
  await expect(sidebarReminder).toContainText('call mom');
  await expect(sidebarReminder).toContainText(/ET$/);
  // The turn was remembered.
  await expect(page.getByTestId('memory-context')).toContainText('call mom');
  await snap(page, testInfo, 'chat-action-executed-desktop');

  // Ticking it done removes it from the upcoming list and the server keeps it done.
  await sidebarReminder.getByRole('checkbox').click();
  await expect(page.getByTestId('upcoming-reminders').getByTestId('upcoming-reminder')).toHaveCount(0);
  const stored = await (await page.request.get('/api/reminders')).json();
  expect(stored).toEqual([expect.objectContaining({ title: 'call mom', done: true })]);
});

test('an action whose provider is not configured fails red with the server error and can be retried', async ({
  page,
}) => {
  await openChatAsNewUser(page);
  const reply = await sendChat(page, 'what is the weather in Paris');
  const action = reply.getByRole('button', { name: 'Get Weather for Paris' });
  await action.click();
  await expect(toast(page)).toContainText('Weather Error');
  await expect(toast(page)).toContainText('OPENWEATHER_API_KEY');
  await expect(reply.getByText('Action failed - click to retry')).toBeVisible();
  await expect(reply.getByRole('button', { name: /Get Weather for Paris/ })).toHaveAttribute(
    'data-status',
    'failed',
  );
  await expect(reply.getByRole('button', { name: /Get Weather for Paris/ })).toBeEnabled();
  await expect(reply.getByText('Click a button below to continue')).toBeVisible();
});

test('likes a reply, drafts an email card and keeps Enter/Shift+Enter and history rules', async ({
  page,
}) => {
  await openChatAsNewUser(page);
  const reply = await sendChat(page, 'hello there');
  await expect(reply).toContainText('OPENAI_API_KEY');
  await reply.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(toast(page)).toContainText('Feedback received');
  await expect(reply.getByRole('button', { name: 'Like', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await reply.getByRole('button', { name: 'Regenerate' }).click();
  await expect(toast(page)).toContainText('Feature coming in next update');

  // Shift+Enter adds a line, blank text is not sent.
  await chatBox(page).fill('   ');
  await chatBox(page).press('Enter');
  await chatBox(page).press('Shift+Enter');
  await expect(page.locator('[data-testid="message"][data-role="user"]')).toHaveCount(1);

  const draft = await sendChat(
    page,
    'draft an email to Sam about the launch saying the final numbers arrive on Friday and we can review the slides together on Monday morning',
  );
  await draft.getByRole('button', { name: /Draft Email/ }).click();
  const card = draft.getByTestId('email-draft-card');
  await expect(card).toBeVisible();
  await expect(card.getByTestId('email-draft-body')).toHaveAttribute('data-clamped', 'true');
  await card.getByRole('button', { name: 'Show more' }).click();
  await expect(card.getByTestId('email-draft-body')).toHaveAttribute('data-clamped', 'false');
  await expect(card.getByRole('button', { name: 'Show less' })).toBeVisible();
  await card.getByRole('button', { name: /^Close/ }).click();
  await expect(card).toHaveCount(0);

  // Both turns are stored (two messages each).
  const messages = await (await page.request.get('/api/chat/messages')).json();
  expect(messages.length).toBe(4);

  // New chat empties the list; Load previous messages brings the stored ones back.
  await page.getByRole('button', { name: 'New chat' }).click();
  await expect(page.getByText('Fresh chat started!')).toBeVisible();
  await page.getByRole('button', { name: 'Load previous messages' }).click();
  await expect(page.getByTestId('message')).toHaveCount(4);
});

test('an accepted whisper is sent as a chat message', async ({ page }) => {
  await openChatAsNewUser(page);
  await page.evaluate(() =>
    window.dispatchEvent(
      new CustomEvent('addChatMessage', {
        detail: { text: 'remind me to stretch in 2 hours', sender: 'user' },
      }),
    ),
  );
  await expect(page.locator('[data-testid="message"][data-role="user"]')).toHaveText(
    /remind me to stretch in 2 hours/,
  );
  await expect(page.getByRole('button', { name: 'Create Reminder: stretch' })).toBeVisible();
});
