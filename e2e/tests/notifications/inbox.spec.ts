import { expect, test, type Page } from '@playwright/test';
import { AJAX, mainNav, registerViaApi, screenshotsIn } from '../shell/shell-helpers';

const snap = screenshotsIn('notifications');

/**
 * A reminder becomes an inbox entry through the real chain: calendar's due scheduler (every REMINDER_POLL_MS, 15 s by
 * default) publishes evt.calendar.reminder.due, the notifications service stores the entry and says so on /api/live,
 * and the inbox refetches (or its 15 s poll does). Allow for a full poll of each plus slack.
 */
const ENTRY_ARRIVES_MS = 50_000;

/** A reminder due now: calendar publishes it on its next tick. */
async function createDueReminder(page: Page, title: string) {
  const res = await page.request.post('/api/reminders', {
    headers: AJAX,
    data: { title, when: 'now', reminder_time: new Date(Date.now() - 1_000).toISOString() },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

function rows(page: Page) {
  return page.getByTestId('notification-row');
}

test.describe('desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a due reminder reaches the inbox; mark read and delete with the badge following', async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    await registerViaApi(page.request, { ready: true });
    await page.goto('/');
    await expect(page.getByTestId('section-chat')).toBeVisible();

    await mainNav(page)
      .getByRole('button', { name: /^Notifications/ })
      .click();
    await expect(page.getByTestId('section-notifications')).toBeVisible();
    await expect(page.getByText('No notifications')).toBeVisible();
    await expect(page.getByTestId('unread-count')).toHaveText('0 unread');
    await expect(page.getByRole('button', { name: 'Mark All Read' })).toBeDisabled();
    await expect(page.getByTestId('badge-notifications')).toHaveCount(0);
    await snap(page, testInfo, 'inbox-empty-desktop');

    await createDueReminder(page, 'Call the dentist');
    await expect(rows(page)).toHaveCount(1, { timeout: ENTRY_ARRIVES_MS });
    const entry = rows(page).first();
    await expect(entry).toContainText('Reminder');
    await expect(entry).toContainText('Call the dentist');
    await expect(entry).toContainText(/ET$/);
    await expect(entry).toHaveAttribute('data-read', 'false');
    await expect(entry.getByTestId('notification-type')).toHaveAttribute('data-type', 'reminder');
    await expect(page.getByTestId('unread-count')).toHaveText('1 unread');
    await expect(page.getByTestId('badge-notifications')).toHaveText('1');
    await snap(page, testInfo, 'inbox-unread-desktop');

    await entry.getByRole('button', { name: /as read$/ }).click();
    await expect(entry).toHaveAttribute('data-read', 'true');
    await expect(page.getByTestId('unread-count')).toHaveText('0 unread');
    await expect(page.getByTestId('badge-notifications')).toHaveCount(0);
    // The server kept it: a reload shows it read.
    await page.reload();
    await mainNav(page)
      .getByRole('button', { name: /^Notifications/ })
      .click();
    await expect(rows(page).first()).toHaveAttribute('data-read', 'true');
    await snap(page, testInfo, 'inbox-read-desktop');

    await rows(page).first().getByRole('button', { name: 'Delete “Reminder”' }).click();
    await expect(page.getByText('No notifications')).toBeVisible();
    const left = await (await page.request.get('/api/notifications')).json();
    expect(left).toEqual([]);
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('at 375 px the inbox opens from the drawer and Mark All Read clears the badge', async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    await registerViaApi(page.request, { ready: true });
    await page.goto('/');
    await expect(page.getByTestId('section-chat')).toBeVisible();

    await page.getByRole('button', { name: 'Open navigation' }).click();
    await mainNav(page)
      .getByRole('button', { name: /^Notifications/ })
      .click();
    await expect(mainNav(page)).toBeHidden();
    await expect(page.getByText('No notifications')).toBeVisible();
    await snap(page, testInfo, 'inbox-empty-mobile');

    await createDueReminder(page, 'Pick up the dry cleaning on the way home from the office');
    await createDueReminder(page, 'Water the plants');
    await expect(rows(page)).toHaveCount(2, { timeout: ENTRY_ARRIVES_MS });
    await expect(page.getByTestId('unread-count')).toHaveText('2 unread');
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await snap(page, testInfo, 'inbox-unread-mobile');

    await page.getByRole('button', { name: 'Mark All Read' }).click();
    await expect(page.getByTestId('unread-count')).toHaveText('0 unread');
    await expect(rows(page).nth(0)).toHaveAttribute('data-read', 'true');
    await expect(rows(page).nth(1)).toHaveAttribute('data-read', 'true');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(page.getByTestId('badge-notifications')).toHaveCount(0);
  });
});
