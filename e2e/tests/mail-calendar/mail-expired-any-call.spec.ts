import { expect, test } from '@playwright/test';
import { callFake } from '../support/fakes';
import { registerViaApi, screenshotsIn } from '../shell/shell-helpers';
import { callFakeVoid, nextGoogleAccount, upgradeToPremium, VIEWPORTS } from './mail-calendar-helpers';

const snap = screenshotsIn('spec-details');

for (const viewport of VIEWPORTS) {
  test(`a grant that expires under an action asks to reconnect, not only a failed list (${viewport.name})`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await registerViaApi(page.request, { ready: true });
    await upgradeToPremium(page);
    const email = await nextGoogleAccount(page);
    const [message] = await callFake<{ id: string }[]>('google', 'seedMail', email, [
      {
        from: 'Grace Hopper <grace@example.com>',
        subject: 'Slides for Thursday',
        text: 'Hi Ada,\n\nHere are the slides for Thursday.\n\nGrace',
        snippet: 'Here are the slides for Thursday.',
        labelIds: ['INBOX'],
        internalDate: Date.now() - 60_000,
      },
    ]);
    await page.goto('/emails');
    await page.getByRole('button', { name: 'Connect Gmail' }).click();
    await expect(page.getByTestId('email-row')).toHaveCount(1);
    await page.goto(`/emails?message=${message.id}`);
    const detail = page.getByTestId('email-detail');
    await expect(detail.getByRole('heading', { name: 'Slides for Thursday' })).toBeVisible();

    // Google stops honouring the grant while the message is open: the next call is the Trash.
    await callFakeVoid('google', 'revokeGrants', email);
    await detail.getByRole('button', { name: 'Trash' }).click();
    const notice = page.getByTestId('mail-expired');
    await expect(notice).toContainText('Gmail connection expired');
    await expect(notice.getByRole('button', { name: 'Reconnect' })).toBeEnabled();
    await expect(page.getByTestId('email-detail')).toHaveCount(0);
    await snap(page, testInfo, `emails-expired-on-trash-${viewport.name}`);
  });
}
