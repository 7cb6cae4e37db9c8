import { expect, test } from '@playwright/test';
import { callFake } from '../support/fakes';
import { registerViaApi, screenshotsIn } from '../shell/shell-helpers';
import { callFakeVoid, nextGoogleAccount, upgradeToPremium, VIEWPORTS } from './mail-calendar-helpers';

const snap = screenshotsIn('mail-calendar');

const NEWSLETTER_HTML = `<h2>Autumn sale</h2><p>Hello Ada, our sale starts today.</p>
<script>window.parent.document.body.dataset.pwned = 'script';</script>
<img src="x" onerror="window.parent.document.body.dataset.pwned = 'onerror'">
<img src="https://cdn.acme.example/banner.png" alt="Banner">
<p><a href="https://acme.example/sale">Shop now</a></p>`;

async function seedInbox(email: string) {
  const now = Date.now();
  return callFake<{ id: string }[]>('google', 'seedMail', email, [
    {
      from: 'Acme News <news@acme.example>',
      subject: 'Autumn sale starts today',
      html: NEWSLETTER_HTML,
      text: 'Hello Ada, our sale starts today.',
      snippet: 'Hello Ada, our sale starts today.',
      labelIds: ['INBOX', 'UNREAD'],
      internalDate: now - 60_000,
      headers: { 'List-Unsubscribe': '<https://acme.example/unsubscribe?u=1>' },
    },
    {
      from: 'Grace Hopper <grace@example.com>',
      subject: 'Slides for Thursday',
      text: 'Hi Ada,\n\nHere are the slides for Thursday.\n\nGrace',
      snippet: 'Here are the slides for Thursday.',
      labelIds: ['INBOX'],
      internalDate: now - 3_600_000,
    },
  ]);
}

test.describe('mail at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('connects Gmail on the fake, searches, opens a message whose script does not run, and trashes on Premium', async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    await registerViaApi(page.request, { ready: true });
    const email = await nextGoogleAccount(page);
    const [newsletter] = await seedInbox(email);

    await page.goto('/emails');
    await expect(page.getByText('Connect your Gmail')).toBeVisible();
    await snap(page, testInfo, 'e2e-emails-connect-desktop');
    await page.getByRole('button', { name: 'Connect Gmail' }).click();
    await page.waitForURL(/\/emails/);
    await expect(page.getByText('Gmail connected')).toBeVisible();
    await expect(page.getByTestId('mail-account')).toHaveText(email);
    const rows = page.getByTestId('email-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('Acme News');
    await expect(rows.first()).toHaveAttribute('data-unread', 'true');
    await snap(page, testInfo, 'e2e-emails-inbox-desktop');

    // Gmail's search syntax goes through to the fake.
    await page.getByRole('searchbox', { name: 'Search mail' }).fill('from:grace');
    await page.getByRole('searchbox', { name: 'Search mail' }).press('Enter');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Slides for Thursday');
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(rows).toHaveCount(2);

    // The newsletter: sanitised on the server, sandboxed here; nothing in it runs, its image waits for the user.
    await rows.first().click();
    const detail = page.getByTestId('email-detail');
    await expect(detail.getByRole('heading', { name: 'Autumn sale starts today' })).toBeVisible();
    const body = page.frameLocator('[data-testid="email-body-frame"]');
    await expect(body.getByText('Hello Ada, our sale starts today.')).toBeVisible();
    await expect(detail.getByText(/hidden to protect your privacy/)).toBeVisible();
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => document.body.dataset.pwned ?? null)).toBeNull();
    const frame = page.getByTestId('email-body-frame');
    expect(await frame.getAttribute('sandbox')).not.toContain('allow-scripts');
    await snap(page, testInfo, 'e2e-emails-detail-desktop');
    await detail.getByRole('button', { name: 'Show images' }).click();
    await expect(frame).toHaveAttribute('srcdoc', /cdn\.acme\.example\/banner\.png/);
    expect(await page.evaluate(() => document.body.dataset.pwned ?? null)).toBeNull();

    // Free plan: management is refused with the Premium Feature toast, the message stays.
    await detail.getByRole('button', { name: 'Trash' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Premium Feature' })).toContainText(
      'Email management requires Premium or Enterprise plan',
    );
    expect(
      (await callFake<{ labelIds: string[] }>('google', 'mail', email, newsletter.id)).labelIds,
    ).not.toContain('TRASH');

    await upgradeToPremium(page);
    await page.goto(`/emails?message=${newsletter.id}`);
    await page.getByTestId('email-detail').getByRole('button', { name: 'Trash' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Moved to Trash' })).toBeVisible();
    await expect(page.getByTestId('email-row')).toHaveCount(1);
    await expect(page.getByTestId('email-row').first()).toContainText('Grace Hopper');
    expect(
      (await callFake<{ labelIds: string[] }>('google', 'mail', email, newsletter.id)).labelIds,
    ).toContain('TRASH');
    await snap(page, testInfo, 'e2e-emails-trashed-desktop');

    await page.getByRole('button', { name: 'Disconnect' }).click();
    await expect(page.getByText('E-mail disconnected')).toBeVisible();
    await expect(page.getByText('Connect your Gmail')).toBeVisible();
  });

  test('an expired grant shows the expired connection with Reconnect', async ({ page }, testInfo) => {
    await registerViaApi(page.request, { ready: true });
    const email = await nextGoogleAccount(page);
    await seedInbox(email);
    await page.goto('/emails');
    await page.getByRole('button', { name: 'Connect Gmail' }).click();
    await expect(page.getByTestId('email-row')).toHaveCount(2);

    await callFakeVoid('google', 'revokeGrants', email);
    await page.goto('/emails?q=subject:autumn');
    const notice = page.getByTestId('mail-expired');
    await expect(notice).toContainText('Gmail connection expired');
    await snap(page, testInfo, 'e2e-emails-expired-desktop');
    await notice.getByRole('button', { name: 'Reconnect' }).click();
    await page.waitForURL(/\/emails/);
    await expect(page.getByText('Gmail connected')).toBeVisible();
    await expect(page.getByTestId('email-row')).toHaveCount(2);
  });
});

test.describe('mail at 375 px', () => {
  test.use({ viewport: { width: VIEWPORTS[1].width, height: VIEWPORTS[1].height } });

  test('reads the inbox and a message on a phone', async ({ page }, testInfo) => {
    await registerViaApi(page.request, { ready: true });
    const email = await nextGoogleAccount(page);
    await seedInbox(email);
    await page.goto('/emails');
    await snap(page, testInfo, 'e2e-emails-connect-mobile');
    await page.getByRole('button', { name: 'Connect Gmail' }).click();
    await expect(page.getByTestId('email-row')).toHaveCount(2);
    await snap(page, testInfo, 'e2e-emails-inbox-mobile');
    await page.getByTestId('email-row').nth(1).click();
    await expect(page.getByTestId('email-text-body')).toContainText('Here are the slides for Thursday.');
    await expect(page.getByTestId('email-list')).toBeHidden();
    await snap(page, testInfo, 'e2e-emails-detail-mobile');
    await page.getByRole('button', { name: 'Back to inbox' }).click();
    await expect(page.getByTestId('email-list')).toBeVisible();
  });
});
