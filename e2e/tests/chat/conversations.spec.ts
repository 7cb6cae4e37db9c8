import { expect, test } from '@playwright/test';
import { openChatAsNewUser, sendChat, snap, toast } from './chat-helpers';

test('saves a conversation, shares it, and a visitor reads it through the link', async ({
  page,
  browser,
}, testInfo) => {
  await openChatAsNewUser(page);

  // Nothing to save yet.
  await page.getByRole('button', { name: 'Save conversation' }).click();
  await expect(toast(page)).toContainText('No messages to save');

  await sendChat(page, 'remind me to water the plants tonight at 8pm');
  await sendChat(page, 'search the web for **markdown** tips');
  await page.getByRole('button', { name: 'Save conversation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save conversation' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page)).toContainText('Title required');
  await dialog.getByLabel('Title').fill('Plant care');
  await dialog.getByLabel('Description (optional)').fill('Watering plan');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page)).toContainText('Conversation saved!');
  await expect(dialog).toBeHidden();

  await page.goto('/conversations');
  await expect(page.getByRole('heading', { level: 1, name: 'Saved Conversations' })).toBeVisible();
  await expect(page.getByText('1 saved conversation')).toBeVisible();
  const row = page.getByTestId('conversation-row');
  await expect(row).toContainText('Plant care');
  await expect(row).toContainText('4 messages');

  await row.getByRole('button', { name: 'Share' }).click();
  const share = page.getByRole('dialog', { name: /Share/ });
  await share.getByLabel('Enable sharing').click();
  await expect(toast(page)).toContainText('Conversation shared');
  await expect(share.getByLabel('Disable sharing')).toBeChecked();
  const link = await share.getByTestId('share-link').inputValue();
  expect(link).toMatch(/\/shared\/[A-Za-z0-9_-]{43}$/);
  await snap(page, testInfo, 'conversations-share-desktop');
  await share.getByRole('button', { name: 'Done' }).click();
  await expect(row.getByRole('link', { name: 'View' })).toHaveAttribute('href', new URL(link).pathname);
  await expect(row.getByRole('link', { name: 'View' })).toHaveAttribute('target', '_blank');
  await snap(page, testInfo, 'conversations-desktop');

  // A visitor without an account.
  const visitor = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(new URL(link).pathname);
  await expect(visitorPage.getByRole('heading', { name: 'Plant care' })).toBeVisible();
  await expect(visitorPage.getByText('Watering plan')).toBeVisible();
  await expect(visitorPage.getByTestId('shared-message')).toHaveCount(4);
  await expect(visitorPage.getByTestId('shared-message').first()).toContainText('water the plants');
  await expect(visitorPage.getByRole('link', { name: 'Try Jarvis' }).first()).toHaveAttribute('href', '/');
  await snap(visitorPage, testInfo, 'shared-page-desktop');

  // Turning sharing off closes the link.
  await row.getByRole('button', { name: 'Share' }).click();
  await page.getByRole('dialog', { name: /Share/ }).getByLabel('Disable sharing').click();
  await expect(toast(page)).toContainText('Sharing disabled');
  await visitorPage.reload();
  await expect(visitorPage.getByRole('heading', { name: 'Conversation Not Found' })).toBeVisible();
  await visitorPage.goto('/shared/not-a-token');
  await expect(visitorPage.getByRole('heading', { name: 'Invalid Share Link' })).toBeVisible();
  await visitor.close();
});

test('deletes a saved conversation after confirming and recovers it by title', async ({ page }) => {
  await openChatAsNewUser(page);
  const reply = await sendChat(page, 'hello');
  await expect(reply).toBeVisible();
  const ids = (await (await page.request.get('/api/chat/messages')).json()).map((m: { id: string }) => m.id);
  const saved = await page.request.post('/api/conversations', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { title: 'Trip ideas', messageIds: ids },
  });
  expect(saved.status()).toBe(201);

  await page.goto('/conversations');
  const row = page.getByTestId('conversation-row');
  await row.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete conversation?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No saved conversations')).toBeVisible();

  await page.getByRole('button', { name: 'Recover Lost Conversation' }).click();
  const recover = page.getByRole('dialog', { name: 'Recover Lost Conversation' });
  await recover.getByRole('button', { name: 'Search' }).click();
  await expect(recover.getByText('Enter a title')).toBeVisible();
  await recover.getByLabel('Conversation title').fill('nothing like it');
  await recover.getByRole('button', { name: 'Search' }).click();
  await expect(recover.getByText('No conversations found')).toBeVisible();
  await recover.getByLabel('Conversation title').fill('trip');
  await recover.getByRole('button', { name: 'Search' }).click();
  await expect(recover.getByText('Trip ideas')).toBeVisible();
  await recover.getByRole('button', { name: 'Recover' }).click();
  await expect(toast(page)).toContainText('Conversation recovered');
  await expect(page.getByTestId('conversation-row')).toContainText('Trip ideas');
});
