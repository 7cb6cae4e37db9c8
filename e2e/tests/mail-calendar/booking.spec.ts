import { expect, test } from '@playwright/test';
import { registerViaApi, screenshotsIn } from '../shell/shell-helpers';
import { bookingPathOf } from './mail-calendar-helpers';

const snap = screenshotsIn('mail-calendar');

test.describe('booking at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  test('a visitor picks a date and a time, gives a name and books; the time is gone afterwards', async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(90_000);
    await registerViaApi(page.request, { ready: true });
    const path = await bookingPathOf(page);

    // The visitor: a fresh browser context, not signed in.
    const visitor = await browser.newContext({
      viewport: { width: 375, height: 812 },
      hasTouch: true,
      isMobile: true,
    });
    const v = await visitor.newPage();
    await v.goto(path);
    await expect(v.getByRole('heading', { level: 1 })).toContainText('Meeting');
    await expect(v.getByText('30 minutes')).toBeVisible();
    await snap(v, testInfo, 'e2e-booking-start-mobile');

    await v.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect(v.getByTestId('toast').filter({ hasText: 'No Time Selected' })).toContainText(
      'Please select a time slot to continue',
    );

    const dates = v.getByRole('radiogroup', { name: 'Date' }).getByRole('radio');
    await dates.first().click();
    const times = v.getByRole('radiogroup', { name: 'Time' }).getByRole('radio');
    const chosen = (await times.first().getAttribute('aria-label')) as string;
    await times.first().click();
    await expect(v.getByTestId('booking-summary')).toContainText(chosen);
    await v.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect(v.getByTestId('toast').filter({ hasText: 'Name Required' })).toContainText(
      'Please enter your name to continue',
    );

    // Choosing a date clears the time.
    if ((await dates.count()) > 1) {
      await dates.nth(1).click();
      await expect(v.getByTestId('booking-summary')).toContainText('No time selected yet');
      await dates.first().click();
      await times.first().click();
    }
    await v.getByRole('textbox', { name: 'Name' }).fill('Grace Hopper');
    await v.getByRole('textbox', { name: 'Email (optional)' }).fill('grace@example.com');
    await v.evaluate(() => window.scrollTo(0, 0));
    await snap(v, testInfo, 'e2e-booking-filled-mobile', true);
    // Nothing sticks out at 375 px.
    expect(await v.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await v.getByRole('button', { name: 'Confirm Booking' }).click();
    const done = v.getByTestId('booking-confirmed');
    await expect(done).toContainText('Booking Confirmed');
    await expect(done).toContainText(chosen);
    await expect(done).toContainText('Grace Hopper');
    await snap(v, testInfo, 'e2e-booking-confirmed-mobile');

    await v.goto(path);
    await dates.first().click();
    await expect(
      v.getByRole('radiogroup', { name: 'Time' }).getByRole('radio', { name: chosen }),
    ).toHaveCount(0);

    await v.goto('/book/no-such-code-here');
    await expect(v.getByText('Booking Not Found')).toBeVisible();
    await expect(v.getByText('This booking link is invalid or has expired.')).toBeVisible();
    await snap(v, testInfo, 'e2e-booking-not-found-mobile');
    await visitor.close();
  });
});

test('the booking page at 1280 px', async ({ page, browser }, testInfo) => {
  await registerViaApi(page.request, { ready: true });
  const path = await bookingPathOf(page);
  const visitor = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const v = await visitor.newPage();
  await v.goto(path);
  await v.getByRole('radiogroup', { name: 'Date' }).getByRole('radio').first().click();
  await expect(v.getByRole('radiogroup', { name: 'Time' })).toBeVisible();
  await v.evaluate(() => window.scrollTo(0, 0));
  await snap(v, testInfo, 'e2e-booking-desktop', true);
  await visitor.close();
});
