import { expect, test } from '@playwright/test';
import { openChatAsNewUser, openSection, sendChat, snap, toast } from './chat-helpers';

const SAMPLES = [
  'Hey team, quick heads-up: the launch moves to Thursday. Shout if that breaks anything!',
  'Thanks so much for the intro, really appreciate it. Happy to grab coffee next week.',
  'Honestly, I think we should keep it simple and ship the smaller version first.',
];

test('trains the AI twin from three writing samples', async ({ page }, testInfo) => {
  await openChatAsNewUser(page);
  await openSection(page, 'AI Twin');
  await expect(page.getByRole('tab', { name: 'Writing Samples' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: /Remove sample/ })).toHaveCount(0);

  await page.getByLabel('Sample 1', { exact: true }).fill(SAMPLES[0]);
  await page.getByRole('button', { name: 'Train AI Twin' }).click();
  await expect(toast(page)).toContainText('Need More Samples');

  await page.getByRole('button', { name: 'Add Sample' }).click();
  await page.getByLabel('Sample 2', { exact: true }).fill(SAMPLES[1]);
  await page.getByRole('button', { name: 'Add Sample' }).click();
  await page.getByLabel('Sample 3', { exact: true }).fill(SAMPLES[2]);
  await expect(page.getByRole('button', { name: /Remove sample/ })).toHaveCount(3);
  await page.getByRole('tab', { name: 'About You' }).click();
  await page.getByLabel('Facts about you').fill('I run a small design studio in Austin.');
  await page.getByRole('tab', { name: 'Guidelines' }).click();
  await expect(page.getByLabel('Guidelines for your twin')).toHaveValue(/professional but friendly/);

  await page.getByRole('button', { name: 'Train AI Twin' }).click();
  await expect(toast(page)).toContainText('AI Twin Trained!');
  await expect(page.getByTestId('twin-active')).toHaveText('Twin Active');
  await expect(page.getByTestId('twin-profile')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retrain Twin' })).toBeVisible();
  await snap(page, testInfo, 'twin-trained-desktop');

  const twin = await (await page.request.get('/api/twin')).json();
  expect(twin).toMatchObject({
    trained: true,
    samples: SAMPLES,
    facts: 'I run a small design studio in Austin.',
  });
});

test('adds a quick response shortcut and chat answers its trigger phrase with the template', async ({
  page,
}, testInfo) => {
  await openChatAsNewUser(page);
  await openSection(page, 'Quick Responses');
  await expect(page.getByText('No shortcuts yet')).toBeVisible();
  await page.getByRole('button', { name: 'Create Your First Shortcut' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Shortcut' });
  await dialog.getByRole('button', { name: 'Create Shortcut' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await dialog.getByLabel('Name').fill('Office hours');
  await dialog.getByLabel('Trigger phrase 1', { exact: true }).fill('what are your hours');
  await dialog.getByRole('button', { name: 'Add Phrase' }).click();
  await dialog.getByLabel('Trigger phrase 2', { exact: true }).fill('   ');
  await dialog.getByLabel('Response template').fill('We are open **9 to 5**, Monday to Friday.');
  await dialog.getByRole('button', { name: 'Create Shortcut' }).click();
  await expect(toast(page)).toContainText('Shortcut created');
  const card = page.getByTestId('shortcut-card');
  await expect(card).toContainText('Office hours');
  await expect(card).toContainText('“what are your hours”');
  await expect(card).toContainText('Used 0 times');
  await snap(page, testInfo, 'shortcut-created-desktop');

  await openSection(page, 'Chat');
  const reply = await sendChat(page, 'What are your hours');
  await expect(reply).toContainText('We are open 9 to 5, Monday to Friday.');
  await expect(reply.locator('strong')).toHaveText('9 to 5');

  await openSection(page, 'Quick Responses');
  await expect(page.getByTestId('shortcut-card')).toContainText('Used 1 time');

  // Disabled shortcuts show the badge.
  await page.getByTestId('shortcut-card').getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Shortcut' });
  await edit.getByLabel('Active').uncheck();
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByTestId('shortcut-card').getByText('Disabled')).toBeVisible();
});

test('adds, completes and deletes reminders on the Reminders page', async ({ page }, testInfo) => {
  await openChatAsNewUser(page);
  await openSection(page, 'Reminders');
  await expect(page.getByRole('heading', { name: 'Your Reminders' })).toBeVisible();
  await expect(page.getByText('No reminders yet')).toBeVisible();

  await page.getByRole('button', { name: 'Add Reminder' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add New Reminder' });
  await dialog.getByRole('button', { name: 'Add Reminder' }).click();
  await expect(toast(page)).toContainText('Please provide a title for your reminder.');
  await dialog.getByLabel('Title').fill('Pay rent');
  await dialog.getByRole('button', { name: 'Add Reminder' }).click();
  await expect(toast(page)).toContainText('Please specify when you want to be reminded');
  // Entering one time clears the other.
  await dialog.getByLabel('Date and time').fill('2031-03-01T09:30');
  await dialog.getByLabel('When (in plain words)').fill('tomorrow morning');
  await expect(dialog.getByLabel('Date and time')).toHaveValue('');
  await dialog.getByRole('button', { name: 'Add Reminder' }).click();
  await expect(toast(page)).toContainText('Reminder Created');
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Add Reminder' }).first().click();
  await dialog.getByLabel('Title').fill('Renew passport');
  await dialog.getByLabel('Date and time').fill('2031-03-01T09:30');
  await dialog.getByRole('button', { name: 'Add Reminder' }).click();
  await expect(page.getByTestId('reminder-row')).toHaveCount(2);
  await expect(page.getByTestId('reminder-row').filter({ hasText: 'Pay rent' })).toContainText('8:00 AM ET');
  await snap(page, testInfo, 'reminders-added-desktop');

  // The box follows the stored reminder (an optimistic update a moment after the click), so click and wait for it
  // rather than check(), which insists the state flips within the click itself.
  const payRent = page.getByRole('checkbox', { name: 'Mark “Pay rent” done' });
  await payRent.click();
  await expect(payRent).toBeChecked();
  await expect(page.getByTestId('reminder-row').filter({ hasText: 'Pay rent' })).toHaveAttribute(
    'data-done',
    'true',
  );
  await page.getByRole('button', { name: 'Delete “Renew passport”' }).click();
  await expect(toast(page)).toContainText('Reminder Deleted');
  await expect(page.getByTestId('reminder-row')).toHaveCount(1);
});

test('the Memory Bank lists, searches and deletes what Jarvis remembers', async ({ page }, testInfo) => {
  await openChatAsNewUser(page);
  await sendChat(page, 'My name is Sam and I live in Boston');
  await sendChat(page, 'remind me to book flights on friday at 10am');
  await expect(page.getByTestId('memory-context').getByTestId('sidebar-memory').first()).toBeVisible();

  await openSection(page, 'Memory');
  const cards = page.getByTestId('memory-card');
  await expect(cards.first()).toBeVisible();
  const total = await cards.count();
  expect(total).toBeGreaterThan(1);
  await expect(cards.first()).toContainText(/Importance [1-5]\/5/);
  await snap(page, testInfo, 'memory-after-chat-desktop');

  await page.getByLabel('Search memories').fill('BOSTON');
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText('Boston');
  await cards.getByRole('button', { name: 'Delete memory' }).click();
  await expect(toast(page)).toContainText('Memory Deleted');
  await expect(page.getByText('No memories match “BOSTON”.')).toBeVisible();
  await page.getByLabel('Search memories').fill('');
  await expect(cards).toHaveCount(total - 1);
});
