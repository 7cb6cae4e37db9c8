import { expect, test, type Page } from '@playwright/test';
import { claimPhoneLine, upgradeTo } from '../support/accounts';
import { callFake } from '../support/fakes';
import { AJAX, mainNav, registerViaApi, screenshotsIn, uniqueName } from './shell-helpers';

/** doc2's and doc3's last details on their pages, at 1280 and 375 px. */
const snap = screenshotsIn('spec-details');
// A loaded machine (CI, several suites at once) can take longer than the defaults to load a page or a chunk.
test.describe.configure({ timeout: 150_000 });
const SLOW = { timeout: 30_000 };

async function openSection(page: Page, name: RegExp, testId: string) {
  await page.goto('/');
  await expect(page.getByTestId('section-chat')).toBeVisible(SLOW);
  const menu = page.getByRole('button', { name: 'Open navigation' });
  if (await menu.isVisible()) await menu.click();
  await mainNav(page).getByRole('button', { name }).click();
  await expect(page.getByTestId(testId)).toBeVisible(SLOW);
}

/** A day after today, as a date input takes it. */
function tomorrow(): string {
  const day = new Date(Date.now() + 36 * 3_600_000);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

test('the appointment Location suggests up to 5 United States places from 3 letters; a pending call carries its clock', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  // Places only this test types: six in the United States and one in Canada, which is never suggested.
  const town = uniqueName('Q')
    .replace(/[^A-Za-z]/g, '')
    .slice(0, 9);
  const states = ['Illinois', 'Ohio', 'Oregon', 'Texas', 'Vermont', 'Maine'];
  for (const [i, state] of states.entries()) {
    await callFake('nominatim', 'places.set', `${town} ${state}`, {
      lat: 40 + i,
      lon: -90 - i,
      display_name: `${town}, ${state}, United States`,
    });
  }
  await callFake('nominatim', 'places.set', `${town} Ontario`, {
    lat: 44,
    lon: -79,
    display_name: `${town}, Ontario, Canada`,
    country_code: 'ca',
  });

  await page.setViewportSize({ width: 1280, height: 900 });
  await registerViaApi(page.request, { ready: true });
  await upgradeTo(page, 'Premium');
  await claimPhoneLine(page);
  await openSection(page, /^Outbound Calls/, 'section-outbound-calls');
  await page.getByLabel('Call Type').click();
  await page.getByRole('option', { name: 'Appointment Reminder' }).click();
  const location = page.getByRole('combobox', { name: 'Location' });
  await location.fill(town.slice(0, 2));
  await expect(page.getByText('Type 3 or more characters for suggestions')).toBeVisible();
  await expect(page.getByRole('option')).toHaveCount(0);
  await location.fill(town.slice(0, 6));
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options).toHaveCount(5, SLOW);
  await expect(options.first()).toHaveText(`${town}, Illinois`);
  await expect(page.getByRole('listbox')).not.toContainText('Canada');
  await snap(page, testInfo, 'place-suggestions-1280');
  await options.filter({ hasText: 'Ohio' }).click();
  await expect(location).toHaveValue(`${town}, Ohio`);

  await location.fill('Atlantis Road');
  await expect(
    page.getByText('No places found in the United States. You can still type the place.'),
  ).toBeVisible();
  await location.fill(`${town}, Ohio`);

  // Queued for tomorrow, the call waits in the queue: pending, with its clock.
  await page.getByLabel('Phone Number').fill(`+1212555${String(Date.now()).slice(-4)}`);
  await page.getByLabel('Appointment Type').fill('Dental cleaning');
  await page.getByLabel('Appointment Date').fill(tomorrow());
  await page.getByLabel('Schedule Date (optional)').fill(tomorrow());
  await page.getByRole('button', { name: 'Queue Call' }).click();
  await expect(page.getByTestId('toast').first()).toContainText('Call Queued');
  const pending = page.getByTestId('pending-call').first();
  await expect(pending.getByTestId('call-status')).toHaveText('Pending', { timeout: 20_000 });
  await expect(pending.getByTestId('call-status-clock')).toBeVisible();
  await pending.scrollIntoViewIfNeeded();
  await snap(page, testInfo, 'pending-call-clock-1280');

  await page.setViewportSize({ width: 375, height: 812 });
  await location.scrollIntoViewIfNeeded();
  await location.fill(town.slice(0, 5));
  await expect(options).toHaveCount(5);
  await snap(page, testInfo, 'place-suggestions-375');
  await location.press('Escape');
  await page.mouse.move(5, 5);
  await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 15_000 });
  await pending.scrollIntoViewIfNeeded();
  await snap(page, testInfo, 'pending-call-clock-375');
});

for (const viewport of [
  { name: '1280', width: 1280, height: 900 },
  { name: '375', width: 375, height: 812 },
]) {
  test.describe(`at ${viewport.name} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("Help's Quick Start says where connections live: Settings' tabs and the Account page", async ({
      page,
    }, testInfo) => {
      await page.goto('/help');
      const guide = page.getByRole('heading', { name: 'Quick Start Guide' }).locator('xpath=..');
      await guide.scrollIntoViewIfNeeded();
      await expect(guide).toContainText('Connect Gmail on the Account page', SLOW);
      await expect(guide).toContainText('Settings → Calendar');
      await expect(guide).not.toContainText(/Integrations/i);
      await snap(page, testInfo, `help-quick-start-${viewport.name}`);
    });

    test("a shortcut used once says 'Used 1 time'", async ({ page }, testInfo) => {
      await registerViaApi(page.request, { ready: true });
      const created = await page.request.post('/api/quick-response-shortcuts', {
        headers: AJAX,
        data: {
          name: 'Gym',
          trigger_phrases: ['going to the gym'],
          response_template: 'Have a good workout!',
        },
      });
      expect(created.ok(), await created.text()).toBe(true);
      const sent = await page.request.post('/api/chat', {
        headers: AJAX,
        data: { message: 'going to the gym', history: [] },
      });
      expect(sent.ok(), await sent.text()).toBe(true);
      await openSection(page, /^Quick Responses/, 'section-shortcuts');
      await expect(page.getByTestId('shortcut-card')).toContainText('Used 1 time', SLOW);
      await expect(page.getByTestId('shortcut-card')).not.toContainText('Used 1 times');
      await snap(page, testInfo, `shortcut-used-once-${viewport.name}`);
    });
  });
}
