import { Client } from 'pg';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { mainNav, registerViaApi, screenshotsIn } from '../shell/shell-helpers';
import { offeredNumber } from '../support/accounts';
import { readFake } from '../support/fakes';

const snap = screenshotsIn('phone');

function toast(page: Page) {
  return page.getByTestId('toast');
}

function cards(page: Page) {
  return page.getByTestId('phone-message-card');
}

/** Switches the main app to a section, through the drawer on a phone. */
async function openSection(page: Page, name: string) {
  // Under 768 px the navigation is a drawer behind the menu button.
  if ((page.viewportSize()?.width ?? 1280) < 768)
    await page.getByRole('button', { name: 'Open navigation' }).click();
  await mainNav(page)
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .click();
}

/** A new signed-in user (the page's cookies); answers its id. */
async function newUser(page: Page): Promise<string> {
  await registerViaApi(page.request, { ready: true });
  const me = (await (await page.request.get('/api/auth/user')).json()) as { id: string };
  return me.id;
}

async function openApp(page: Page) {
  await page.goto('/');
  await expect(page.getByTestId('section-chat')).toBeVisible();
}

async function pick(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

/*
 * Phone messages come only from Twilio's signed webhooks, and this system runs without Twilio. The calls are
 * written into the telephony service's own table of this run's database, as the webhooks would have left them;
 * everything after that (list, filters, details, status and notes) goes through the real gateway and service.
 * Against an external system (E2E_BASE_URL) there is no database to write to: those tests say so and fail.
 */
const databaseUrl = `postgres://postgres@127.0.0.1:5432/jarvis_${process.env.E2E_RUN_ID}`;

interface SeedCall {
  callerName: string | null;
  callerNumber: string;
  messageType: string;
  priority: string;
  status: string;
  duration: number | null;
  createdAt: string;
  transcript: string | null;
  jarvisResponse: string | null;
  tags?: string[];
  actionItems?: { task: string; completed: boolean; priority: string }[];
  callbackRequested?: boolean;
  followUpNeeded?: boolean;
}

const CALLS: SeedCall[] = [
  {
    callerName: 'Ann Smith',
    callerNumber: '+15551234567',
    messageType: 'callback_request',
    priority: 'normal',
    status: 'new',
    duration: 65,
    createdAt: '2025-11-22T22:07:00.000Z',
    transcript:
      'Hi, this is Ann Smith. I got the quote for the kitchen and I have a couple of questions about the ' +
      'cabinets and the timing. Could you call me back before Friday? Thanks so much.',
    jarvisResponse: 'Thanks Ann, I will pass this on and make sure you get a call back before Friday.',
    tags: ['kitchen', 'quote'],
    actionItems: [
      { task: 'Call Ann back about the kitchen quote', completed: false, priority: 'high' },
      { task: 'Send the cabinet catalogue', completed: false, priority: 'normal' },
    ],
    callbackRequested: true,
  },
  {
    callerName: null,
    callerNumber: '+12125550199',
    messageType: 'urgent',
    priority: 'urgent',
    status: 'new',
    duration: null,
    createdAt: '2025-11-23T14:30:00.000Z',
    transcript:
      'This is the building manager. There is a water leak in unit 4B, please call as soon as you can.',
    jarvisResponse: 'I have marked this as urgent and will let them know right away.',
    followUpNeeded: true,
  },
  {
    callerName: 'Bob Builder',
    callerNumber: '2125550123',
    messageType: 'question',
    priority: 'low',
    status: 'archived',
    duration: 7,
    createdAt: '2025-11-20T15:00:00.000Z',
    transcript: 'Is the office open on Saturday?',
    jarvisResponse: null,
  },
];

async function seedCalls(userId: string, calls: SeedCall[] = CALLS) {
  if (process.env.E2E_BASE_URL || !process.env.E2E_RUN_ID) {
    throw new Error(
      'Seeding phone messages needs the database of the system this run started (not E2E_BASE_URL).',
    );
  }
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    for (const [index, call] of calls.entries()) {
      await db.query(
        `INSERT INTO telephony.phone_messages (user_id, source_sid, caller_name, caller_number, message_type,
           priority, status, duration, transcript, jarvis_response, tags, action_items, callback_requested,
           follow_up_needed, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
        [
          userId,
          `CA${userId.replace(/-/g, '')}${index}`,
          call.callerName,
          call.callerNumber,
          call.messageType,
          call.priority,
          call.status,
          call.duration,
          call.transcript,
          call.jarvisResponse,
          call.tags ?? [],
          JSON.stringify(call.actionItems ?? []),
          call.callbackRequested ?? false,
          call.followUpNeeded ?? false,
          call.createdAt,
        ],
      );
    }
  } finally {
    await db.end();
  }
}

async function storedMessages(request: APIRequestContext) {
  const res = await request.get('/api/phone-messages');
  expect(res.ok()).toBe(true);
  return (await res.json()) as { caller_name: string | null; status: string; notes: string | null }[];
}

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a new user sees the empty Phone Messages section', async ({ page }, testInfo) => {
    await newUser(page);
    await openApp(page);
    await openSection(page, 'Phone Messages');
    await expect(page.getByRole('heading', { level: 1, name: 'Phone Messages' })).toBeVisible();
    await expect(page.getByText('No phone messages yet')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveCount(0);
    await snap(page, testInfo, 'phone-messages-empty-desktop');
  });

  test('lists calls, filters them, and changes status and notes in Call Details', async ({
    page,
  }, testInfo) => {
    // Seeded before the app opens: the navigation badge reads the list at start.
    await seedCalls(await newUser(page));
    await openApp(page);
    await openSection(page, 'Phone Messages');

    // Newest first; a number without a name is formatted; no duration reads N/A; the badge only when not normal.
    await expect(cards(page)).toHaveCount(3);
    const manager = cards(page).nth(0);
    await expect(manager.getByRole('heading')).toHaveText('+1 (212) 555-0199');
    await expect(manager).toContainText('Nov 23, 2025, 9:30 AM ET');
    await expect(manager.getByTestId('call-duration')).toHaveText('N/A');
    await expect(manager.getByTestId('priority-badge')).toHaveText('Urgent');
    const ann = cards(page).nth(1);
    await expect(ann.getByRole('heading')).toHaveText('Ann Smith');
    await expect(ann).toContainText('+1 (555) 123-4567');
    await expect(ann).toContainText('Nov 22, 2025, 5:07 PM ET');
    await expect(ann.getByTestId('call-duration')).toHaveText('1:05');
    await expect(ann).toContainText('Callback request');
    await expect(ann.getByTestId('priority-badge')).toHaveCount(0);
    await expect(ann.getByTestId('status-chip')).toHaveText('New');
    await expect(cards(page).nth(2).getByRole('heading')).toHaveText('Bob Builder');
    await expect(cards(page).nth(2)).toContainText('(212) 555-0123');
    await expect(page.getByTestId('badge-phone')).toHaveText('2');
    await snap(page, testInfo, 'phone-messages-list-desktop');

    await pick(page, 'Status', 'New (2)');
    await expect(cards(page)).toHaveCount(2);
    await pick(page, 'Priority', 'Urgent');
    await expect(cards(page)).toHaveCount(1);
    await expect(page.getByText('1 of 3 messages')).toBeVisible();
    await pick(page, 'Status', 'Archived (1)');
    await expect(page.getByText('No messages match these filters.')).toBeVisible();
    await page.getByRole('button', { name: 'Show all messages' }).click();
    await expect(cards(page)).toHaveCount(3);

    await cards(page).filter({ hasText: 'Ann Smith' }).click();
    const dialog = page.getByRole('dialog', { name: 'Call Details' });
    await expect(dialog.getByTestId('call-caller')).toHaveText('Ann Smith');
    await expect(dialog.getByTestId('call-number')).toHaveText('+1 (555) 123-4567');
    await expect(dialog.getByTestId('call-time')).toHaveText('Nov 22, 2025, 5:07 PM ET');
    await expect(dialog.getByTestId('call-details-duration')).toHaveText('1:05');
    await expect(dialog.getByTestId('call-transcript')).toContainText('I got the quote for the kitchen');
    await expect(dialog.getByTestId('call-response')).toContainText('make sure you get a call back');
    const items = dialog.getByTestId('action-item');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0).getByTestId('priority-badge')).toHaveText('High');
    await expect(items.nth(1).getByTestId('priority-badge')).toHaveCount(0);
    await expect(dialog.getByRole('region', { name: 'Tags' })).toContainText('kitchen');
    // Without a recording there is no player (the player is covered by the unit tests: no Twilio here).
    await expect(dialog.getByTestId('recording-player')).toHaveCount(0);
    await snap(page, testInfo, 'phone-call-details-desktop');

    await pick(page, 'Status', 'Read');
    await expect(toast(page)).toContainText('Message Updated');
    await expect(dialog.getByRole('combobox', { name: 'Status' })).toHaveText('Read');
    await expect(page.getByTestId('badge-phone')).toHaveText('1');
    await expect
      .poll(
        async () => (await storedMessages(page.request)).find((m) => m.caller_name === 'Ann Smith')?.status,
      )
      .toBe('read');

    await dialog.getByRole('textbox', { name: 'Notes' }).fill('Call back Friday morning about the cabinets.');
    await dialog.getByRole('button', { name: 'Save Notes' }).click();
    await expect(toast(page)).toContainText('Message Updated');
    await expect(dialog.getByRole('button', { name: 'Save Notes' })).toBeDisabled();
    await expect
      .poll(
        async () => (await storedMessages(page.request)).find((m) => m.caller_name === 'Ann Smith')?.notes,
      )
      .toBe('Call back Friday morning about the cabinets.');

    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(cards(page).filter({ hasText: 'Ann Smith' })).toHaveAttribute('data-status', 'read');

    // After a reload the saved notes come back from the server.
    await openApp(page);
    await openSection(page, 'Phone Messages');
    await cards(page).filter({ hasText: 'Ann Smith' }).click();
    await expect(page.getByRole('textbox', { name: 'Notes' })).toHaveValue(
      'Call back Friday morning about the cabinets.',
    );
  });

  test('Settings → Profile saves the profile; the phone line card shows what the server says', async ({
    page,
    request,
  }, testInfo) => {
    const other = await registerViaApi(request);
    await newUser(page);
    await openApp(page);
    await openSection(page, 'Settings');
    await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');

    // Twilio is the loopback fake: a number the operator does not offer is refused and what was typed stays; a free
    // plan cannot buy one; an offered number is claimed and its webhooks point at this system.
    const card = page.getByTestId('phone-line-card');
    await expect(card.getByTestId('phone-line-none')).toContainText('You have no phone line yet');
    await card.getByRole('textbox', { name: 'Phone number' }).fill('+1 555 123 4567');
    await card.getByRole('button', { name: 'Claim Number' }).click();
    await expect(card.getByTestId('phone-line-error')).toContainText(
      'That number is not offered on this Jarvis',
    );
    await expect(card.getByRole('textbox', { name: 'Phone number' })).toHaveValue('+1 555 123 4567');

    await card.getByRole('button', { name: 'Get New Number' }).click();
    await expect(card.getByTestId('phone-line-error')).toContainText('premium');
    await expect(card.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/account');
    expect((await (await page.request.get('/api/phone-line')).json()).phoneNumber).toBeNull();

    const ours = await offeredNumber();
    await card.getByRole('textbox', { name: 'Phone number' }).fill(ours);
    await card.getByRole('button', { name: 'Claim Number' }).click();
    await expect(card.getByTestId('phone-line-number')).toContainText(ours.slice(-4));
    expect((await (await page.request.get('/api/phone-line')).json()).phoneNumber).toBe(ours);
    const numbers = await readFake<{ phoneNumber: string; voiceUrl?: string }[]>('twilio', 'numbers');
    expect(numbers.find((n) => n.phoneNumber === ours)?.voiceUrl).toMatch(/\/webhooks\/telephony\/voice$/);
    await card.scrollIntoViewIfNeeded();
    await snap(page, testInfo, 'settings-phone-line-desktop');

    await page.getByRole('textbox', { name: 'First name' }).fill('Ada');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Lovelace');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page)).toContainText('Profile updated');
    const me = await (await page.request.get('/api/auth/user')).json();
    expect(me).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
    await expect(
      page.getByTestId('profile-settings').getByRole('heading', { name: 'Ada Lovelace' }),
    ).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, testInfo, 'settings-profile-desktop');

    // Another user's name: the server's message, and what was typed stays.
    await page.getByRole('textbox', { name: 'Username' }).fill(other.username);
    await page.getByRole('textbox', { name: 'Last name' }).fill('Byron');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page)).toContainText('Failed to update profile');
    await expect(toast(page)).toContainText('Username already taken');
    await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue(other.username);
    await expect(page.getByRole('textbox', { name: 'Username' })).toHaveAccessibleDescription(
      'Username already taken',
    );
    await expect(page.getByRole('textbox', { name: 'Last name' })).toHaveValue('Byron');
    await snap(page, testInfo, 'settings-profile-error-desktop');
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(page.getByRole('textbox', { name: 'Last name' })).toHaveValue('Lovelace');
  });
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the empty section, the list and Call Details fit a phone', async ({ page }, testInfo) => {
    const userId = await newUser(page);
    await openApp(page);
    await openSection(page, 'Phone Messages');
    await expect(page.getByText('No phone messages yet')).toBeVisible();
    await snap(page, testInfo, 'phone-messages-empty-mobile');

    await seedCalls(userId);
    await openApp(page);
    await openSection(page, 'Phone Messages');
    await expect(cards(page)).toHaveCount(3);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await snap(page, testInfo, 'phone-messages-list-mobile');

    await cards(page).filter({ hasText: 'Ann Smith' }).click();
    const dialog = page.getByRole('dialog', { name: 'Call Details' });
    await expect(dialog.getByTestId('call-caller')).toHaveText('Ann Smith');
    await snap(page, testInfo, 'phone-call-details-mobile');
    await dialog.getByRole('button', { name: 'Close details' }).click();
    await expect(dialog).toBeHidden();
  });

  test('Settings → Profile fits a phone', async ({ page }, testInfo) => {
    await newUser(page);
    await openApp(page);
    await openSection(page, 'Settings');
    await expect(page.getByRole('textbox', { name: 'Username' })).toBeVisible();
    await expect(page.getByTestId('phone-line-card').getByTestId('phone-line-none')).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await snap(page, testInfo, 'settings-profile-mobile', true);
  });
});
