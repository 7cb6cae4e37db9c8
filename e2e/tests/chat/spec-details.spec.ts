import { expect, test, type Page, type Route } from '@playwright/test';
import { AJAX, chatBox, registerViaApi, toast as toastOf } from './chat-helpers';
import { screenshotsIn } from '../shell/shell-helpers';
import { fulfillJson, pngOf, quietWavBase64 } from '../voice/voice-helpers';

/**
 * doc1's last details in the chat, in Chromium. The test system has no OpenAI, Ticketmaster or Perplexity key: replies
 * come from the offline assistant, and where a test needs what such a provider answers (events, a search without
 * text) or an action the offline assistant never offers (a contract, Notion, phone messages), the browser answers it.
 */
const snap = screenshotsIn('spec-details');
// A loaded machine (CI, several suites at once) can take longer than the defaults to load a page or a chunk.
test.describe.configure({ timeout: 150_000 });
const SLOW = { timeout: 30_000 };
const toast = (page: Page) => toastOf(page);

/** Sends `text` and waits for Jarvis's complete reply to it. */
async function sendChat(page: Page, text: string) {
  const replies = page.locator('[data-testid="message"][data-role="assistant"]:not([data-streaming])');
  const before = await replies.count();
  await chatBox(page).fill(text);
  await chatBox(page).press('Enter');
  await expect(replies).toHaveCount(before + 1, SLOW);
  return replies.nth(before);
}

/** A new signed-in user on the chat screen. */
async function openChatAsNewUser(page: Page) {
  await registerViaApi(page.request, { ready: true });
  await page.goto('/');
  await expect(page.getByTestId('section-chat')).toBeVisible(SLOW);
}
/** The CONTRACTS_URL the system under test is started with (e2e/fakes/serve-fakes.ts). */
const CONTRACTS_URL = 'https://contracts.jarvis.test/';

/** Jarvis's next reply offers `actions` (answered in the browser). */
async function replyWithActions(page: Page, actions: unknown[]) {
  await page.route('**/api/chat', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    await fulfillJson({
      reply: 'Here you go.',
      actions,
      userMessageId: '00000000-0000-4000-8000-0000000000b1',
      assistantMessageId: '00000000-0000-4000-8000-0000000000b2',
    })(route);
  });
}

/** What Jarvis is asked to say aloud (POST /api/speak), answered with a short quiet clip. */
async function recordSpeech(page: Page): Promise<string[]> {
  const said: string[] = [];
  await page.route('**/api/speak', async (route: Route) => {
    said.push((route.request().postDataJSON() as { text: string }).text);
    await fulfillJson({ ok: true, mime: 'audio/wav', audioBase64: quietWavBase64(0.2) })(route);
  });
  return said;
}

const VIEWPORTS = [
  { name: '1280', width: 1280, height: 860 },
  { name: '375', width: 375, height: 760 },
] as const;

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.name} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a drafted text with no valid recipient is Recipient Not Found before any press; a known one names who it goes to', async ({
      page,
    }, testInfo) => {
      await openChatAsNewUser(page);
      const contact = await page.request.post('/api/contacts', {
        headers: AJAX,
        data: { name: 'Ann', phone_number: '+12125550142' },
      });
      expect(contact.ok(), await contact.text()).toBe(true);

      const unknown = await sendChat(page, 'text Bob saying running late');
      await unknown.getByRole('button', { name: 'Draft Text Message' }).click();
      const card = page.getByTestId('sms-draft-card').first();
      // No press of Send: the card asked who the text goes to when it appeared.
      await expect(card.getByRole('button', { name: 'Recipient Not Found' })).toBeDisabled(SLOW);
      await expect(card.getByTestId('sms-recipient')).toContainText('Recipient not found');
      await expect(card.getByRole('button', { name: 'Copy text' })).toBeEnabled();
      await snap(page, testInfo, `sms-recipient-not-found-${viewport.name}`);

      const known = await sendChat(page, 'text Ann saying see you at noon');
      await known.getByRole('button', { name: 'Draft Text Message' }).click();
      const annCard = page.getByTestId('sms-draft-card').nth(1);
      await expect(annCard.getByTestId('sms-recipient')).toHaveText('To Ann', SLOW);
      await expect(annCard.getByRole('button', { name: 'Send' })).toBeEnabled();
      // The service now knows Ann's draft as the latest; Bob's card keeps what it learnt about its own.
      await expect(card.getByRole('button', { name: 'Recipient Not Found' })).toBeDisabled();
      await snap(page, testInfo, `sms-recipient-known-${viewport.name}`);
    });

    test('events are read aloud as a summary of 3, and the card shows 3 with the rest behind Show all', async ({
      page,
    }, testInfo) => {
      const said = await recordSpeech(page);
      const days = ['2026-07-04', '2026-07-05', '2026-07-06', '2026-07-07', '2026-07-08'];
      const names = ['Jazz Night', 'Late Set', 'Big Band', 'Trio', 'Quartet'];
      const venues = ['Blue Note', 'Village Vanguard', 'Birdland', 'Smalls', 'Mezzrow'];
      await page.route(
        '**/api/events/search**',
        fulfillJson(
          names.map((name, i) => ({
            name,
            dates: { start: { localDate: days[i] } },
            venue: { name: venues[i] },
          })),
        ),
      );
      await openChatAsNewUser(page);
      const reply = await sendChat(page, 'find jazz concerts in Austin');
      await expect.poll(() => said.length).toBeGreaterThan(0);
      await page.waitForTimeout(800); // the reply's own reading ends first (one playback at a time)
      await reply.getByRole('button', { name: /^Search Events/ }).click();
      const card = page.getByTestId('events-card');
      await expect(card.getByRole('listitem')).toHaveCount(3, SLOW);
      await expect(card.getByRole('button', { name: 'Show all (5)' })).toBeVisible();
      await expect
        .poll(() => said.at(-1))
        .toBe(
          'I found 5 events: Jazz Night on July 4 at Blue Note, Late Set on July 5 at Village Vanguard, Big Band on July 6 at Birdland and 2 more.',
        );
      await card
        .getByRole('button', { name: 'Show all (5)' })
        .evaluate((button) => button.scrollIntoView({ block: 'center' }));
      await snap(page, testInfo, `events-three-${viewport.name}`);
      await card.getByRole('button', { name: 'Show all (5)' }).click();
      await expect(card.getByRole('listitem')).toHaveCount(5);
      await expect(card.getByRole('button', { name: 'Show less' })).toBeVisible();
      await card
        .getByRole('button', { name: 'Show less' })
        .evaluate((button) => button.scrollIntoView({ block: 'center' }));
      await snap(page, testInfo, `events-all-${viewport.name}`);
    });
  });
}

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 860 } });

  test("'Message Ready' when a drafted text gets its booking link", async ({ page }) => {
    await openChatAsNewUser(page);
    const reply = await sendChat(page, 'text Bob saying pick a time that suits you with my booking link');
    await reply.getByRole('button', { name: 'Draft Text Message' }).click();
    await expect(toast(page)).toContainText('Message Ready', SLOW);
    await expect(page.getByTestId('sms-draft-card')).toContainText('/book/');
  });

  test('generate_contract opens the contracts document service in a new tab', async ({ page, context }) => {
    await context.route(`${CONTRACTS_URL}**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Contracts</title><h1>Document service</h1>' }),
    );
    await openChatAsNewUser(page);
    // The operator's CONTRACTS_URL reaches the page at run time: the navigation's Contracts entry opens it too.
    await expect(page.getByRole('link', { name: 'Contracts' }).first()).toHaveAttribute('href', CONTRACTS_URL);
    await replyWithActions(page, [{ type: 'generate_contract', args: {} }]);
    const reply = await sendChat(page, 'write me a contract');
    const opened = context.waitForEvent('page');
    await reply.getByRole('button', { name: 'Generate Contract' }).click();
    const tab = await opened;
    await expect.poll(() => tab.url()).toBe(CONTRACTS_URL);
    await expect(reply.getByRole('button', { name: 'Generate Contract' })).toHaveAttribute(
      'data-status',
      'executed',
    );
    await expect(page.getByText(/not available in Jarvis/)).toHaveCount(0);
  });

  test("Notion and Linear make no call and say '{integration} Setup Required', leaving the action open", async ({
    page,
  }, testInfo) => {
    await openChatAsNewUser(page);
    await replyWithActions(page, [
      { type: 'create_notion_task', args: { title: 'Plan the trip' } },
      { type: 'create_linear_issue', args: { title: 'Fix the login' } },
    ]);
    const reply = await sendChat(page, 'make a task and an issue');
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET' && !/\/api\/speak$/.test(request.url())) calls.push(request.url());
    });
    const notion = reply.getByRole('button', { name: 'Create Notion Task: Plan the trip' });
    await notion.click();
    await expect(toast(page)).toContainText('Notion Setup Required', SLOW);
    await expect(toast(page)).not.toHaveAttribute('data-variant', 'destructive');
    await expect(notion).toHaveAttribute('data-status', 'pending');
    await expect(notion).toBeEnabled();
    await expect(reply.getByText('Action failed - click to retry')).toHaveCount(0);
    await snap(page, testInfo, 'notion-setup-required-1280');
    await reply.getByRole('button', { name: 'Create Linear Issue: Fix the login' }).click();
    await expect(toast(page)).toContainText('Linear Setup Required', SLOW);
    expect(calls).toEqual([]);
  });

  test('phone messages are read aloud as a summary of up to 3, each with a 50-character preview', async ({
    page,
  }) => {
    const said = await recordSpeech(page);
    const message = (caller_name: string, transcript: string, i: number) => ({
      id: `00000000-0000-4000-8000-00000000010${i}`,
      caller_name,
      caller_number: `+1212555010${i}`,
      message_type: 'callback_request',
      priority: 'normal',
      status: 'new',
      duration: 30,
      created_at: '2026-07-01T12:00:00Z',
      transcript,
      jarvis_response: null,
      recording_url: null,
      tags: [],
      action_items: [],
      notes: null,
      follow_up_needed: false,
      callback_requested: true,
    });
    await openChatAsNewUser(page);
    await page.route(
      '**/api/phone-messages',
      fulfillJson([
        message('Mom', 'Call me back about the dentist appointment tomorrow morning please', 1),
        message('Dr. Lee', 'Your results are ready', 2),
        message('Sam', 'Running late', 3),
        message('Ana', 'Lunch?', 4),
      ]),
    );
    await replyWithActions(page, [{ type: 'check_phone_calls', args: {} }]);
    const reply = await sendChat(page, 'did anyone call');
    await expect.poll(() => said.length).toBeGreaterThan(0);
    await page.waitForTimeout(800);
    await reply.getByRole('button', { name: 'Check Phone Calls' }).click();
    await expect(page.getByTestId('list-card')).toContainText('Phone messages (4)', SLOW);
    await expect
      .poll(() => said.at(-1))
      .toBe(
        'You have 4 phone messages. Mom: Call me back about the dentist appointment tomorr…, Dr. Lee: Your results are ready, Sam: Running late and 1 more.',
      );
  });

  test('a web search without text shows the generic toast for 5 seconds; a toast swiped 50 px right goes at once', async ({
    page,
  }, testInfo) => {
    await page.route('**/api/perplexity/search', fulfillJson({ text: '', citations: [] }));
    await openChatAsNewUser(page);
    // When each toast appeared and went, measured in the page.
    await page.evaluate(() => {
      const w = window as unknown as { __toasts: { shown: number; gone?: number }[] };
      w.__toasts = [];
      new MutationObserver(() => {
        const present = document.querySelector('[data-testid="toast"]') !== null;
        const last = w.__toasts.at(-1);
        if (present && (!last || last.gone !== undefined)) w.__toasts.push({ shown: performance.now() });
        if (!present && last && last.gone === undefined) last.gone = performance.now();
      }).observe(document.body, { childList: true, subtree: true });
    });
    const toastTimes = () =>
      page.evaluate(() => (window as unknown as { __toasts: { shown: number; gone?: number }[] }).__toasts);

    const reply = await sendChat(page, 'search the web for jarvis news');
    await reply.getByRole('button', { name: /^Search the Web/ }).click();
    await expect(toast(page)).toContainText('Web Search Complete', SLOW);
    await page.mouse.move(5, 5);
    await snap(page, testInfo, 'web-search-generic-toast-1280');
    await expect(toast(page)).toHaveCount(0, { timeout: 15_000 });
    const [generic] = await toastTimes();
    // 5 s, then the snackbar's exit transition; a result's toast would stay 8 s.
    expect(generic.gone! - generic.shown).toBeGreaterThan(4_500);
    expect(generic.gone! - generic.shown).toBeLessThan(7_000);

    // Another toast, swiped to the right with the pointer: it goes at once.
    const again = await sendChat(page, 'search the web for more jarvis news');
    await again.getByRole('button', { name: /^Search the Web/ }).click();
    const next = toast(page);
    await expect(next).toBeVisible(SLOW);
    const box = (await next.boundingBox())!;
    const y = box.y + box.height / 2;
    const x = box.x + 40;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 30, y, { steps: 3 });
    await page.mouse.move(x + 70, y, { steps: 3 });
    await page.mouse.up();
    await expect(toast(page)).toHaveCount(0, { timeout: 3_000 });
    const swiped = (await toastTimes())[1];
    expect(swiped.gone! - swiped.shown).toBeLessThan(4_000);
  });

  test("the push buttons say doc1's generic 'Error' when their code cannot load", async ({ browser }) => {
    // No service worker, whose cache would hand the chunk over anyway.
    const context = await browser.newContext({
      serviceWorkers: 'block',
      viewport: { width: 1280, height: 860 },
    });
    const page = await context.newPage();
    await page.route('**/assets/push-actions-*.js', (route) => route.abort());
    // The page already reloaded once for a missing chunk (reload-on-stale-chunks.ts), so this failure is reported.
    await page.addInitScript(() => sessionStorage.setItem('jarvis:reloaded-for-chunks', String(Date.now())));
    await openChatAsNewUser(page);
    await page.getByRole('button', { name: 'Enable Push' }).click();
    await expect(toast(page)).toContainText('Error', SLOW);
    await expect(toast(page)).toContainText('Something went wrong. Please try again.');
    await expect(toast(page)).toHaveAttribute('data-variant', 'destructive');
    await context.close();
  });

  test("an image question sent after the session ended says doc1's UNAUTHORIZED text", async ({
    page,
    context,
  }, testInfo) => {
    await openChatAsNewUser(page);
    await page.getByTestId('chat-input').hover();
    await context.clearCookies();
    await page.getByTestId('image-upload-input').setInputFiles({
      name: 'red.png',
      mimeType: 'image/png',
      buffer: pngOf(),
    });
    await expect(toast(page)).toContainText('Authentication Required', SLOW);
    await expect(toast(page)).toContainText('Please refresh the page and try again.');
    await expect(page.locator('[data-testid="message"][data-role="user"]').last()).toContainText(
      'Image analysis failed: Please refresh the page and try again.',
    );
    await snap(page, testInfo, 'image-after-session-ended-1280');
  });
});
