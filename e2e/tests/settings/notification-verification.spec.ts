import { expect, test, type Page } from '@playwright/test';
import { mainNav, registerViaApi, screenshotsIn, uniqueName } from '../shell/shell-helpers';
import { readFake } from '../support/fakes';

const snap = screenshotsIn('settings');

async function openNotificationSettings(page: Page) {
  await page.goto('/');
  await expect(page.getByTestId('section-chat')).toBeVisible();
  const menu = page.getByRole('button', { name: 'Open navigation' });
  if (await menu.isVisible()) await menu.click();
  await mainNav(page)
    .getByRole('button', { name: /^Settings/ })
    .click();
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await expect(page.getByTestId('notification-settings')).toBeVisible();
}

/** The verification links the SMTP fake received for `address` (quoted-printable bodies decoded), oldest first. */
async function linksTo(address: string): Promise<string[]> {
  const mails = await readFake<string[]>('smtp', 'received');
  return mails
    .filter((raw) => new RegExp(`^To: ${address.replace(/[.+]/g, '\\$&')}\\r?$`, 'mi').test(raw))
    .map((raw) =>
      raw
        .replace(/=\r\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    )
    .map((text) => /https?:\/\/\S+\/api\/auth\/verify-email\?token=[A-Za-z0-9_-]+/.exec(text)?.[0])
    .filter((link): link is string => Boolean(link));
}

/** The codes texted to `to` through the Twilio fake, oldest first. */
async function codesTo(to: string): Promise<string[]> {
  const sent = await readFake<{ to: string; body: string }[]>('twilio', 'sentMessages');
  return sent.filter((m) => m.to === to).map((m) => /\b(\d{6})\b/.exec(m.body)?.[1] ?? '');
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'mobile', width: 375, height: 812 },
]) {
  test(`Settings → Notifications asks to verify the e-mail address until its link is opened (${viewport.name})`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const email = `${uniqueName('verify')}@example.com`;
    await registerViaApi(page.request, { ready: true, email });
    await expect.poll(() => linksTo(email), { timeout: 20_000 }).toHaveLength(1);

    await openNotificationSettings(page);
    const notice = page.getByTestId('email-verification');
    await expect(notice.getByText('Verify your e-mail address')).toBeVisible();
    await expect(notice).toContainText(email);
    await notice.scrollIntoViewIfNeeded();
    await snap(page, testInfo, `verify-email-notice-${viewport.name}`);

    await notice.getByRole('button', { name: 'Resend' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Verification e-mail sent' })).toBeVisible();
    await expect.poll(() => linksTo(email), { timeout: 20_000 }).toHaveLength(2);
    // Again within the minute: the server's wait, and no third mail.
    await notice.getByRole('button', { name: 'Resend' }).click();
    await expect(
      page.getByTestId('toast').filter({ hasText: 'Too many verification e-mails' }),
    ).toBeVisible();

    const [link] = await linksTo(email);
    await page.goto(link);
    await expect(page).toHaveURL(/\/verify-email\?result=verified$/);
    await expect(page.getByTestId('verify-email-result')).toContainText('Your e-mail address is verified');
    await snap(page, testInfo, `verify-email-verified-${viewport.name}`);
    // The link works once.
    await page.goto(link);
    await expect(page.getByTestId('verify-email-result')).toContainText('This link was already used');

    await page.getByRole('link', { name: 'Continue to Jarvis' }).click();
    await openNotificationSettings(page);
    await expect(page.getByTestId('email-verified')).toContainText(email);
    await expect(page.getByText('Verify your e-mail address')).toHaveCount(0);
    expect((await (await page.request.get('/api/auth/user')).json()).emailVerified).toBe(true);
  });

  test(`Settings → Notifications takes the code texted to a new SMS number (${viewport.name})`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await registerViaApi(page.request, { ready: true });
    const number = `+1646555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;

    await openNotificationSettings(page);
    const sms = page.getByTestId('sms-settings');
    await sms.getByRole('switch', { name: 'SMS notifications' }).click();
    await sms.getByRole('textbox', { name: 'Phone number' }).fill(number);
    await expect(sms.getByTestId('sms-verification-unsaved')).toBeVisible();
    await sms.getByRole('checkbox', { name: 'Reminders' }).click();
    await page.getByRole('button', { name: 'Save Settings' }).first().click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Settings saved' })).toBeVisible();

    const code = sms.getByRole('textbox', { name: 'Verification code' });
    await expect(code).toBeVisible();
    await expect(sms.getByTestId('sms-verification')).toContainText(
      `Enter the 6-digit code we texted to ${number}`,
    );
    await expect.poll(() => codesTo(number)).toHaveLength(1);
    const [sent] = await codesTo(number);
    await sms.getByTestId('sms-verification').scrollIntoViewIfNeeded();
    await snap(page, testInfo, `sms-code-field-${viewport.name}`);

    await code.fill(sent === '000000' ? '000001' : '000000');
    await sms.getByRole('button', { name: 'Verify' }).click();
    await expect(sms.getByText('That code is not right. 4 tries left.')).toBeVisible();
    await snap(page, testInfo, `sms-code-wrong-${viewport.name}`);

    await code.fill(sent);
    await code.press('Enter');
    await expect(sms.getByTestId('sms-verified')).toContainText('Verified');
    await expect(page.getByTestId('toast').filter({ hasText: 'Phone number verified' })).toBeVisible();
    expect(await (await page.request.get('/api/notifications/sms/verification')).json()).toMatchObject({
      phoneNumber: number,
      verified: true,
    });
    await snap(page, testInfo, `sms-verified-${viewport.name}`);
  });
}
