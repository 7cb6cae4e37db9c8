import { expect, test } from '@playwright/test';
import { AJAX, registerViaApi, screenshotsIn } from '../shell/shell-helpers';

const snap = screenshotsIn('account-data');

/**
 * The Account page's data section (issue 22) in the browser: an export runs and gives a download link with its
 * expiry, a tampered archive is refused with its problems listed, and 'Delete account' says what goes (here and at
 * the providers), takes the password and signs the browser out for good. At 1280 and 375 px.
 */
for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'mobile', width: 375, height: 812 },
]) {
  test(`exports, refuses a damaged archive with its problems, and deletes the account (${viewport.name})`, async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const account = await registerViaApi(page.request, { ready: true });
    await page.request.post('/api/reminders', { headers: AJAX, data: { title: 'Call mom', when: 'tomorrow at 5pm' } });

    await page.goto('/account');
    const exportCard = page.getByTestId('account-export');
    await exportCard.scrollIntoViewIfNeeded();
    await snap(page, testInfo, `account-data-${viewport.name}`);
    await exportCard.getByRole('button', { name: 'Export my data' }).click();
    const download = exportCard.getByRole('link', { name: 'Download archive' });
    await expect(download).toBeVisible({ timeout: 60_000 });
    await expect(exportCard).toContainText('The archive is kept 24 hours and deleted on');
    await snap(page, testInfo, `account-export-ready-${viewport.name}`);

    // The link downloads the ZIP once; the page then shows the next link.
    const firstLink = await download.getAttribute('href');
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    const archive = await file.path();
    expect(file.suggestedFilename()).toMatch(/^jarvis-export-\d{4}-\d{2}-\d{2}\.zip$/);
    await expect(download).not.toHaveAttribute('href', firstLink!);
    expect((await page.request.get(firstLink!)).status()).toBe(404);

    // The same archive with reminders.json renamed (names are stored as they are in a ZIP) is refused, every problem
    // listed, nothing written.
    const { readFileSync } = await import('node:fs');
    const bytes = readFileSync(archive);
    const damaged = Buffer.from(bytes);
    let renamed = 0;
    for (let at = damaged.indexOf('reminders.json'); at >= 0; at = damaged.indexOf('reminders.json', at + 1), renamed++) {
      damaged.write('remindxrs.json', at);
    }
    expect(renamed).toBe(2); // its local header and the central directory
    const importCard = page.getByTestId('account-import');
    await importCard.scrollIntoViewIfNeeded();
    await page.getByTestId('import-file').setInputFiles({ name: 'damaged.zip', mimeType: 'application/zip', buffer: damaged });
    await importCard.getByRole('button', { name: 'Import', exact: true }).click();
    const problems = page.getByTestId('import-problems');
    await expect(problems).toContainText('The archive cannot be imported');
    await expect(problems.getByRole('listitem')).toContainText([
      'reminders.json is listed in the manifest but missing from the archive',
      'remindxrs.json is in the archive but not in its manifest',
    ]);
    await problems.scrollIntoViewIfNeeded();
    await snap(page, testInfo, `account-import-problems-${viewport.name}`);

    // The intact archive into the same account: once, then nothing changes the second time.
    await page.getByTestId('import-file').setInputFiles({ name: 'jarvis-export.zip', mimeType: 'application/zip', buffer: bytes });
    await importCard.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByTestId('import-done')).toContainText('Your data was imported');
    await expect(page.getByTestId('import-counts')).toContainText('1 reminder');
    await page.getByTestId('import-done').scrollIntoViewIfNeeded();
    await snap(page, testInfo, `account-import-done-${viewport.name}`);
    const reminders = (await (await page.request.get('/api/reminders', { headers: AJAX })).json()) as { title: string }[];
    expect(reminders.filter((r) => r.title === 'Call mom')).toHaveLength(2);
    await page.getByTestId('import-file').setInputFiles({ name: 'jarvis-export.zip', mimeType: 'application/zip', buffer: bytes });
    await importCard.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByTestId('import-done')).toContainText('This archive was imported before: nothing changed.');

    await page.getByTestId('account-delete').getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toContainText('Stripe: your subscription is cancelled now');
    await snap(page, testInfo, `account-delete-dialog-${viewport.name}`);
    await dialog.getByLabel('Your password').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog).toContainText('Password is incorrect');
    await dialog.getByLabel('Your password').fill(account.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
    const login = await page.request.post('/api/login', { headers: AJAX, data: account });
    expect(login.status()).toBe(401);
  });
}
