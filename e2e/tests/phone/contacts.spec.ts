import { expect, test, type Page } from '@playwright/test';
import { AJAX, registerViaApi, screenshotsIn } from '../shell/shell-helpers';

const snap = screenshotsIn('phone');
const UNPARSEABLE = 'Phone number must include the country code, e.g. +1234567890';

function toast(page: Page) {
  return page.getByTestId('toast');
}

function cards(page: Page) {
  return page.getByTestId('contact-card');
}

/** A new signed-in user on /contacts, its list loaded. */
async function openContactsAsNewUser(page: Page) {
  const account = await registerViaApi(page.request, { ready: true });
  await page.goto('/contacts');
  await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
  return account;
}

async function addContactViaApi(
  page: Page,
  contact: { name: string; phone_number: string; email?: string; notes?: string },
) {
  const res = await page.request.post('/api/contacts', { headers: AJAX, data: contact });
  expect(res.status(), await res.text()).toBe(201);
}

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('adds, shows, edits and deletes a contact; the server refuses a bad or repeated number', async ({
    page,
  }, testInfo) => {
    await openContactsAsNewUser(page);
    await expect(page.getByText('Manage your contacts for quick messaging')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Chat' })).toHaveAttribute('href', '/');
    await expect(page.getByText('No contacts yet')).toBeVisible();
    await expect(
      page.getByText('Add your first contact to quickly reference them by name in messages'),
    ).toBeVisible();
    await snap(page, testInfo, 'contacts-empty-desktop');

    // Add: the required fields first, then a number typed with spaces and brackets.
    await page.getByRole('button', { name: 'Add Your First Contact' }).click();
    const add = page.getByRole('dialog', { name: 'Add Contact' });
    await expect(
      add.getByText(
        'Add a contact to quickly reference them by name when sending messages or booking links.',
      ),
    ).toBeVisible();
    await add.getByRole('button', { name: 'Add Contact' }).click();
    await expect(add.getByText('Name is required')).toBeVisible();
    await expect(add.getByText('Phone number is required')).toBeVisible();
    await add.getByRole('textbox', { name: 'Name' }).fill('Ann Smith');
    await add.getByRole('textbox', { name: 'Phone Number' }).fill('+1 (555) 123-4567');
    await add.getByRole('textbox', { name: 'Email' }).fill('ann@example.com');
    await add
      .getByRole('textbox', { name: 'Notes' })
      .fill(
        'My sister. Prefers texts after 6pm on weekdays; call on weekends. Birthday in March, likes tulips and ' +
          'long walks. Ask about the new flat and the job in Boston before booking anything.',
      );
    await snap(page, testInfo, 'contacts-add-dialog-desktop');
    await add.getByRole('button', { name: 'Add Contact' }).click();
    await expect(toast(page)).toContainText('Contact added');
    await expect(toast(page)).toContainText('Your contact has been saved successfully.');
    await expect(add).toBeHidden();
    await expect(cards(page)).toHaveCount(1);
    const ann = cards(page).filter({ hasText: 'Ann Smith' });
    await expect(ann).toContainText('+15551234567');
    await expect(ann).toContainText('ann@example.com');
    // Notes show two lines at most.
    const notes = ann.getByTestId('contact-notes');
    const clamped = await notes.evaluate((el) => ({
      height: el.clientHeight,
      lineHeight: parseFloat(getComputedStyle(el).lineHeight),
      overflows: el.scrollHeight > el.clientHeight,
    }));
    expect(clamped.overflows).toBe(true);
    expect(clamped.height).toBeLessThanOrEqual(Math.ceil(clamped.lineHeight * 2) + 4);

    // A second contact without e-mail or notes, from the header's button.
    await page.getByRole('button', { name: 'Add Contact' }).click();
    await add.getByRole('textbox', { name: 'Name' }).fill('Bob Builder');
    await add.getByRole('textbox', { name: 'Phone Number' }).fill('+442071234567');
    await add.getByRole('button', { name: 'Add Contact' }).click();
    await expect(toast(page)).toContainText('Contact added');
    await expect(cards(page)).toHaveCount(2);
    await expect(cards(page).first()).toContainText('Ann Smith');
    await expect(cards(page).filter({ hasText: 'Bob Builder' })).not.toContainText('@');

    // The same number twice: the server's 409 message, and the dialog keeps what was typed.
    await page.getByRole('button', { name: 'Add Contact' }).click();
    await add.getByRole('textbox', { name: 'Name' }).fill('Annie');
    await add.getByRole('textbox', { name: 'Phone Number' }).fill('+15551234567');
    await add.getByRole('button', { name: 'Add Contact' }).click();
    await expect(add.getByTestId('contact-dialog-error')).toHaveText(
      'A contact with this phone number already exists',
    );
    await expect(toast(page)).toContainText('Error');
    await expect(add.getByRole('textbox', { name: 'Name' })).toHaveValue('Annie');
    await add.getByRole('button', { name: 'Cancel' }).click();
    await expect(add).toBeHidden();
    await expect(cards(page)).toHaveCount(2);
    await snap(page, testInfo, 'contacts-list-desktop');

    // Edit.
    await page.getByRole('button', { name: 'Edit Ann Smith' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Contact' });
    await expect(edit.getByText('Update the contact information.')).toBeVisible();
    await expect(edit.getByRole('textbox', { name: 'Phone Number' })).toHaveValue('+15551234567');
    await edit.getByRole('textbox', { name: 'Name' }).fill('Ann Jones');
    await edit.getByRole('textbox', { name: 'Email' }).fill('');
    await edit.getByRole('button', { name: 'Update Contact' }).click();
    await expect(toast(page)).toContainText('Contact updated');
    await expect(toast(page)).toContainText('Your contact has been updated successfully.');
    await expect(edit).toBeHidden();
    const jones = cards(page).filter({ hasText: 'Ann Jones' });
    await expect(jones).toContainText('+15551234567');
    await expect(jones).not.toContainText('ann@example.com');
    await expect(cards(page).filter({ hasText: 'Ann Smith' })).toHaveCount(0);

    // A number the server cannot read: its message under the field and in the toast; nothing typed is lost.
    await page.getByRole('button', { name: 'Edit Ann Jones' }).click();
    await edit.getByRole('textbox', { name: 'Phone Number' }).fill('+10000000');
    await edit.getByRole('textbox', { name: 'Notes' }).fill('Changed my mind');
    await edit.getByRole('button', { name: 'Update Contact' }).click();
    await expect(edit.getByText(UNPARSEABLE)).toBeVisible();
    await expect(toast(page)).toContainText(UNPARSEABLE);
    await expect(edit.getByRole('textbox', { name: 'Phone Number' })).toHaveValue('+10000000');
    await expect(edit.getByRole('textbox', { name: 'Notes' })).toHaveValue('Changed my mind');
    await expect(edit.getByRole('button', { name: 'Update Contact' })).toBeEnabled();
    await snap(page, testInfo, 'contacts-bad-number-desktop');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(jones).toContainText('+15551234567');

    // Delete asks first.
    await page.getByRole('button', { name: 'Delete Ann Jones' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Contact' });
    await expect(confirm).toContainText('Are you sure you want to delete Ann Jones?');
    await snap(page, testInfo, 'contacts-delete-confirm-desktop');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page)).toContainText('Contact deleted');
    await expect(toast(page)).toContainText('Your contact has been removed.');
    await expect(confirm).toBeHidden();
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page)).toContainText('Bob Builder');

    await page.reload();
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page)).toContainText('Bob Builder');
  });

  test("a second user does not see the first user's contacts", async ({ page, browser }, testInfo) => {
    await openContactsAsNewUser(page);
    await addContactViaApi(page, { name: 'Private Person', phone_number: '+15557654321' });
    await page.reload();
    await expect(cards(page)).toContainText('Private Person');

    const other = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const otherPage = await other.newPage();
    await openContactsAsNewUser(otherPage);
    await expect(otherPage.getByText('No contacts yet')).toBeVisible();
    await expect(otherPage.getByText('Private Person')).toHaveCount(0);
    expect(await (await otherPage.request.get('/api/contacts')).json()).toEqual([]);
    await snap(otherPage, testInfo, 'contacts-second-user-desktop');
    await other.close();
  });
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the page, its dialogs and long values fit the width', async ({ page }, testInfo) => {
    await openContactsAsNewUser(page);
    await expect(page.getByText('No contacts yet')).toBeVisible();
    await snap(page, testInfo, 'contacts-empty-mobile');

    await addContactViaApi(page, {
      name: 'Maximilian Alexander Worthington-Smythe',
      phone_number: '+442071234567',
      email: 'maximilian.worthington-smythe@example-company.co.uk',
      notes:
        'Colleague from the London office. Prefers e-mail for anything long; texts are fine for quick questions.',
    });
    await addContactViaApi(page, { name: 'Ann Smith', phone_number: '+15551234567', notes: 'Sister' });
    await page.reload();
    await expect(cards(page)).toHaveCount(2);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(375);
    await snap(page, testInfo, 'contacts-list-mobile', true);

    await page.getByRole('button', { name: 'Add Contact' }).click();
    const add = page.getByRole('dialog', { name: 'Add Contact' });
    await snap(page, testInfo, 'contacts-add-dialog-mobile');
    await add.getByRole('textbox', { name: 'Name' }).fill('Bob');
    await add.getByRole('textbox', { name: 'Phone Number' }).fill('555-1234');
    await add.getByRole('button', { name: 'Add Contact' }).click();
    // Telephony's check of the number (libphonenumber-js), shown as it answers, under the field.
    await expect(add.getByText('Phone number must include the country code, e.g. +1234567890')).toBeVisible();
    await expect(toast(page)).toContainText('Phone number must include the country code, e.g. +1234567890');
    await expect(add.getByRole('textbox', { name: 'Phone Number' })).toHaveValue('555-1234');
    await snap(page, testInfo, 'contacts-add-error-mobile');
    // A number already saved: the message above the fields as well; the toast at the bottom leaves the buttons free.
    await add.getByRole('textbox', { name: 'Phone Number' }).fill('+1 555 123 4567');
    await add.getByRole('button', { name: 'Add Contact' }).click();
    await expect(add.getByTestId('contact-dialog-error')).toHaveText(
      'A contact with this phone number already exists',
    );
    await expect(toast(page)).toContainText('A contact with this phone number already exists');
    await snap(page, testInfo, 'contacts-add-conflict-mobile');
    await add.getByRole('button', { name: 'Cancel' }).click();
    await expect(add).toBeHidden();

    await page.getByRole('button', { name: 'Delete Ann Smith' }).click();
    await expect(page.getByRole('dialog', { name: 'Delete Contact' })).toContainText(
      'Are you sure you want to delete Ann Smith?',
    );
    await snap(page, testInfo, 'contacts-delete-confirm-mobile');
  });
});
