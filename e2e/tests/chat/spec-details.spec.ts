import { expect, test, type Locator, type Page, type Route } from '@playwright/test';
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
test.describe.configure({ timeout: 240_000 });
const SLOW = { timeout: 45_000 };
/** A new user's first load of the app: every chunk from a cold cache, on a machine that may be busy. */
const FIRST_LOAD = { timeout: 60_000 };
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
  await expect(page.getByTestId('section-chat')).toBeVisible(FIRST_LOAD);
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

/**
 * Every detail at 1280 px with a mouse and at 375 px on a touch screen (a phone: presses are taps, the navigation is
 * a drawer, the toast is swiped with a finger).
 */
const SIZES = [
  { name: '1280', width: 1280, height: 860, touch: false },
  { name: '375', width: 375, height: 760, touch: true },
] as const;

for (const size of SIZES) {
  test.describe(`at ${size.name} px`, () => {
    test.use({
      viewport: { width: size.width, height: size.height },
      hasTouch: size.touch,
      isMobile: size.touch,
    });
    /** A press as this screen's user makes it: a click, or a tap on a touch screen. */
    const press = (control: Locator) => (size.touch ? control.tap() : control.click());

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
      await snap(page, testInfo, `sms-recipient-not-found-${size.name}`);

      const known = await sendChat(page, 'text Ann saying see you at noon');
      await known.getByRole('button', { name: 'Draft Text Message' }).click();
      const annCard = page.getByTestId('sms-draft-card').nth(1);
      await expect(annCard.getByTestId('sms-recipient')).toHaveText('To Ann', SLOW);
      await expect(annCard.getByRole('button', { name: 'Send' })).toBeEnabled();
      // The service now knows Ann's draft as the latest; Bob's card keeps what it learnt about its own.
      await expect(card.getByRole('button', { name: 'Recipient Not Found' })).toBeDisabled();
      await snap(page, testInfo, `sms-recipient-known-${size.name}`);
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
      await snap(page, testInfo, `events-three-${size.name}`);
      await card.getByRole('button', { name: 'Show all (5)' }).click();
      await expect(card.getByRole('listitem')).toHaveCount(5);
      await expect(card.getByRole('button', { name: 'Show less' })).toBeVisible();
      await card
        .getByRole('button', { name: 'Show less' })
        .evaluate((button) => button.scrollIntoView({ block: 'center' }));
      await snap(page, testInfo, `events-all-${size.name}`);
    });

    test("'Message Ready' when a drafted text gets its booking link", async ({ page }, testInfo) => {
      await openChatAsNewUser(page);
      const reply = await sendChat(page, 'text Bob saying pick a time that suits you with my booking link');
      await press(reply.getByRole('button', { name: 'Draft Text Message' }));
      await expect(toast(page)).toContainText('Message Ready', SLOW);
      await expect(page.getByTestId('sms-draft-card')).toContainText('/book/');
      await snap(page, testInfo, `message-ready-${size.name}`);
    });

    test('generate_contract opens the contracts document service in a new tab', async ({
      page,
      context,
    }, testInfo) => {
      await context.route(`${CONTRACTS_URL}**`, (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: '<title>Contracts</title><h1>Document service</h1>',
        }),
      );
      await openChatAsNewUser(page);
      // The operator's CONTRACTS_URL reaches the page at run time: the navigation's Contracts entry opens it too
      // (on a phone, from the drawer).
      if (size.touch) await press(page.getByRole('button', { name: 'Open navigation' }));
      await expect(page.getByRole('link', { name: 'Contracts' }).first()).toHaveAttribute(
        'href',
        CONTRACTS_URL,
      );
      if (size.touch) {
        await page.keyboard.press('Escape');
        await expect(page.getByRole('link', { name: 'Contracts' })).toHaveCount(0);
      }
      await replyWithActions(page, [{ type: 'generate_contract', args: {} }]);
      const reply = await sendChat(page, 'write me a contract');
      const opened = context.waitForEvent('page', SLOW);
      await press(reply.getByRole('button', { name: 'Generate Contract' }));
      const tab = await opened;
      await expect.poll(() => tab.url(), SLOW).toBe(CONTRACTS_URL);
      await expect(reply.getByRole('button', { name: 'Generate Contract' })).toHaveAttribute(
        'data-status',
        'executed',
      );
      await expect(page.getByText(/not available in Jarvis/)).toHaveCount(0);
      await page.bringToFront();
      await snap(page, testInfo, `generate-contract-${size.name}`);
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
      await press(notion);
      await expect(toast(page)).toContainText('Notion Setup Required', SLOW);
      await expect(toast(page)).not.toHaveAttribute('data-variant', 'destructive');
      await expect(notion).toHaveAttribute('data-status', 'pending');
      await expect(notion).toBeEnabled();
      await expect(reply.getByText('Action failed - click to retry')).toHaveCount(0);
      await snap(page, testInfo, `notion-setup-required-${size.name}`);
      await press(reply.getByRole('button', { name: 'Create Linear Issue: Fix the login' }));
      await expect(toast(page)).toContainText('Linear Setup Required', SLOW);
      expect(calls).toEqual([]);
    });

    test('phone messages are read aloud as a summary of up to 3, each with a 50-character preview', async ({
      page,
    }, testInfo) => {
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
      await press(reply.getByRole('button', { name: 'Check Phone Calls' }));
      await expect(page.getByTestId('list-card')).toContainText('Phone messages (4)', SLOW);
      await expect
        .poll(() => said.at(-1))
        .toBe(
          'You have 4 phone messages. Mom: Call me back about the dentist appointment tomorr…, Dr. Lee: Your results are ready, Sam: Running late and 1 more.',
        );
      await page.getByTestId('list-card').evaluate((card) => card.scrollIntoView({ block: 'center' }));
      await snap(page, testInfo, `phone-messages-${size.name}`);
    });

    test('a web search without text shows the generic toast for 5 seconds; a toast swiped 50 px right goes at once', async ({
      page,
    }, testInfo) => {
      await page.route('**/api/perplexity/search', fulfillJson({ text: '', citations: [] }));
      await openChatAsNewUser(page);
      const first = await sendChat(page, 'search the web for jarvis news');
      const second = await sendChat(page, 'search the web for more jarvis news');
      // From here the page's timers run on Playwright's clock, stopped: it moves only as the test moves it, so the
      // durations seen are the app's own, not those of a busy machine.
      await page.clock.install();
      const now = () => page.evaluate(() => Date.now());
      // pauseAt stops the clock first; if the page's clock passed the time asked meanwhile, the second call holds.
      await page.clock
        .pauseAt((await now()) + 1_000)
        .catch(async () => page.clock.pauseAt((await now()) + 1_000));
      /** Presses `button` and moves the clock 50 ms at a time until the toast shows. */
      const showToast = async (button: Locator) => {
        await press(button);
        await expect
          .poll(async () => {
            await page.clock.runFor(50);
            return toast(page).count();
          }, SLOW)
          .toBe(1);
      };
      /** Moves the clock 100 ms at a time, at most `limit` ms, until no toast shows. */
      const runUntilGone = async (limit: number) => {
        for (let moved = 0; moved < limit && (await toast(page).count()) > 0; moved += 100)
          await page.clock.runFor(100);
      };

      await showToast(first.getByRole('button', { name: /^Search the Web/ }));
      await expect(toast(page)).toContainText('Web Search Complete');
      // A pointer resting on the toast would hold it (the snackbar pauses while hovered).
      await page.mouse.move(5, 5);
      await snap(page, testInfo, `web-search-generic-toast-${size.name}`);
      // Up for 5 s (it has been up at most 50 ms): still there 4.7 s on, gone within the next second, after the
      // snackbar's exit transition. A result's toast would stay 8 s.
      await page.clock.runFor(4_700);
      await expect(toast(page)).toBeVisible();
      await runUntilGone(1_000);
      await expect(toast(page)).toHaveCount(0);

      // Another toast, swiped to the right with the pointer (or a finger). Its 5 s cannot end while the clock
      // stands, so it goes because of the swipe, once its exit transition has run.
      await showToast(second.getByRole('button', { name: /^Search the Web/ }));
      const next = toast(page);
      await expect(next).toContainText('Web Search Complete');
      const box = (await next.boundingBox())!;
      // The whole toast is on screen, whatever the width.
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(size.width);
      await swipeRight(page, box, size.touch);
      await runUntilGone(1_000);
      await expect(toast(page)).toHaveCount(0);
      await page.clock.resume();
    });

    test("the push buttons say doc1's generic 'Error' when their code cannot load", async ({
      browser,
    }, testInfo) => {
      // No service worker, whose cache would hand the chunk over anyway.
      const context = await browser.newContext({
        serviceWorkers: 'block',
        viewport: { width: size.width, height: size.height },
        hasTouch: size.touch,
        isMobile: size.touch,
      });
      const page = await context.newPage();
      await page.route('**/assets/push-actions-*.js', (route) => route.abort());
      // The page already reloaded once for a missing chunk (reload-on-stale-chunks.ts), so this failure is reported.
      await page.addInitScript(() =>
        sessionStorage.setItem('jarvis:reloaded-for-chunks', String(Date.now())),
      );
      await openChatAsNewUser(page);
      await press(page.getByRole('button', { name: 'Enable Push' }));
      await expect(toast(page)).toContainText('Error', SLOW);
      await expect(toast(page)).toContainText('Something went wrong. Please try again.');
      await expect(toast(page)).toHaveAttribute('data-variant', 'destructive');
      await snap(page, testInfo, `push-error-${size.name}`);
      await context.close();
    });

    test("an image question sent after the session ended says doc1's UNAUTHORIZED text", async ({
      page,
      context,
    }, testInfo) => {
      await openChatAsNewUser(page);
      await context.clearCookies();
      // The image button, pressed as this screen's user does, and the file chosen in the browser's picker.
      const chooser = page.waitForEvent('filechooser', SLOW);
      await press(page.getByRole('button', { name: 'Upload image' }));
      await (await chooser).setFiles({ name: 'red.png', mimeType: 'image/png', buffer: pngOf() });
      await expect(toast(page)).toContainText('Authentication Required', SLOW);
      await expect(toast(page)).toContainText('Please refresh the page and try again.');
      await expect(page.locator('[data-testid="message"][data-role="user"]').last()).toContainText(
        'Image analysis failed: Please refresh the page and try again.',
      );
      await snap(page, testInfo, `image-after-session-ended-${size.name}`);
    });
  });
}

/**
 * Swipes the toast in `box` 70 px to the right: with the mouse, or on a touch screen with a finger (touch events
 * through the DevTools protocol, which the page receives as touch pointer events).
 */
async function swipeRight(
  page: Page,
  box: { x: number; y: number; width: number; height: number },
  touch: boolean,
) {
  const y = box.y + box.height / 2;
  const x = box.x + 40;
  if (!touch) {
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 30, y, { steps: 3 });
    await page.mouse.move(x + 70, y, { steps: 3 });
    await page.mouse.up();
    return;
  }
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (const dx of [10, 20, 30, 40, 55, 70])
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + dx, y }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}
