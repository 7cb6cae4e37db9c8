import { expect, test, type Locator, type Page, type Request } from '@playwright/test';
import { callFake } from '../support/fakes';
import { registerViaApi, screenshotsIn } from '../shell/shell-helpers';
import { fakeMediaLaunchOptions, writeFakeVoiceWav } from './voice-helpers';

/**
 * Every control of the chat screen whose code loads on first use acts on the FIRST press, exactly once, however slow
 * the network: the chat opens on a cold cache over a throttled connection (CDP: 400 kb/s down, 400 ms latency, cache
 * disabled) and each control is pressed as soon as it is on screen.
 */
const snap = screenshotsIn('first-press');
const wav = writeFakeVoiceWav();
test.use({ launchOptions: fakeMediaLaunchOptions(wav) });

/** How long a control may take to load and act on a 400 kb/s line. */
const SLOW = { timeout: 45_000 };
// A test waits for several such steps; a loaded machine (CI, several suites at once) needs more than the default.
test.describe.configure({ timeout: 150_000 });

interface Calls {
  getUserMedia: string[];
  requestPermission: number;
  pushSubscribe: number;
  geolocation: number;
  recognitionStarts: number;
}

/**
 * Counts what the page asks of the browser: the microphone and camera, the notification permission, the position,
 * speech recognition (a fake one: headless Chromium's reaches no speech service) and push subscriptions (the push
 * fake's: headless Chromium has no push service either).
 */
async function countBrowserCalls(page: Page, subscription?: unknown) {
  await page.addInitScript((sub) => {
    const calls = {
      getUserMedia: [],
      requestPermission: 0,
      pushSubscribe: 0,
      geolocation: 0,
      recognitionStarts: 0,
    };
    (window as unknown as { __calls: Calls }).__calls = calls as Calls;
    const media = navigator.mediaDevices;
    if (media) {
      const original = media.getUserMedia.bind(media);
      media.getUserMedia = (constraints) => {
        (calls.getUserMedia as string[]).push(constraints?.video ? 'video' : 'audio');
        return original(constraints);
      };
    }
    if (typeof Notification !== 'undefined') {
      const ask = Notification.requestPermission.bind(Notification);
      Notification.requestPermission = () => {
        calls.requestPermission += 1;
        return ask();
      };
    }
    const geo = navigator.geolocation;
    if (geo) {
      const getCurrentPosition = geo.getCurrentPosition.bind(geo);
      geo.getCurrentPosition = (ok, fail, options) => {
        // Only the press's own question: 10 s timeout (tracking's first report asks with 5 s).
        if (options?.timeout === 10_000) calls.geolocation += 1;
        getCurrentPosition(ok, fail, options);
      };
    }
    class FakeRecognition {
      lang = '';
      continuous = false;
      interimResults = false;
      onresult = null;
      onerror = null;
      onend = null;
      start() {
        calls.recognitionStarts += 1;
      }
      stop() {}
      abort() {}
    }
    Object.assign(window, { SpeechRecognition: FakeRecognition, webkitSpeechRecognition: FakeRecognition });
    if (sub && typeof PushManager !== 'undefined') {
      let current: unknown = null;
      PushManager.prototype.subscribe = async function () {
        calls.pushSubscribe += 1;
        current = {
          ...(sub as object),
          getKey: () => null,
          toJSON: () => sub,
          unsubscribe: async () => true,
        };
        return current as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function () {
        return current as PushSubscription | null;
      };
    }
  }, subscription ?? null);
}

function browserCalls(page: Page): Promise<Calls> {
  return page.evaluate(() => (window as unknown as { __calls: Calls }).__calls);
}

/** The API calls of the page that match `method path`, as they are made. */
function apiCalls(page: Page, method: string, path: string) {
  const seen: Request[] = [];
  page.on('request', (req) => {
    if (req.method() === method && new URL(req.url()).pathname === path) seen.push(req);
  });
  return seen;
}

/** A signed-in user on the chat screen, opened over a throttled connection with nothing cached. */
async function openChatSlowly(page: Page) {
  await registerViaApi(page.request, { ready: true });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  // Every request over the throttled line: none answered by the service worker (its fetches are not throttled).
  await cdp.send('Network.setBypassServiceWorker', { bypass: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: (400 * 1024) / 8,
    uploadThroughput: (400 * 1024) / 8,
  });
  await page.goto('/', { waitUntil: 'commit' });
}

/** Presses `control` as soon as it is on screen: a click, or a tap on a touch screen. */
async function pressWhenShown(control: Locator, how: 'click' | 'tap' = 'click') {
  await expect(control).toBeVisible(SLOW);
  if (how === 'tap') await control.tap();
  else await control.click();
}

/** What a replayed or doubled press would have done shows within this time. */
async function settle(page: Page) {
  await page.waitForTimeout(1_500);
}

/** Records in the page whether TALK was ever on screen, from the first paint on. */
async function watchTalkButton(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __talkShown: boolean };
    w.__talkShown = false;
    const check = () => {
      const talk = document.querySelector('[data-testid="talk-button"]');
      if (talk && talk.checkVisibility()) w.__talkShown = true;
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
  });
  return () => page.evaluate(() => (window as unknown as { __talkShown: boolean }).__talkShown);
}

/**
 * The same presses at 1280 px with a mouse and at 375 px with a finger (a phone: taps, and no TALK, which the spec
 * hides on small screens; Hey Jarvis and Always are its voice controls).
 */
const SIZES = [
  { name: '1280', viewport: { width: 1280, height: 800 }, touch: false },
  { name: '375', viewport: { width: 375, height: 812 }, touch: true },
] as const;

for (const size of SIZES) {
  test.describe(`first press on a slow network at ${size.name} px${size.touch ? ' (touch)' : ''}`, () => {
    test.use({ viewport: size.viewport, hasTouch: size.touch, isMobile: size.touch });
    const how = size.touch ? 'tap' : 'click';

    if (!size.touch) {
      test('TALK starts recording on the first press, once, with the counter running', async ({
        page,
      }, testInfo) => {
        await countBrowserCalls(page);
        // When TALK turned to STOP and back, measured in the page.
        await page.addInitScript(() => {
          const w = window as unknown as { __take: { stop?: number; back?: number } };
          w.__take = {};
          new MutationObserver(() => {
            const text = document.querySelector('[data-testid="talk-button"]')?.textContent ?? '';
            if (text.startsWith('STOP') && w.__take.stop === undefined) w.__take.stop = performance.now();
            if (!text.startsWith('STOP') && w.__take.stop !== undefined && w.__take.back === undefined)
              w.__take.back = performance.now();
          }).observe(document, { subtree: true, childList: true, characterData: true });
        });
        await openChatSlowly(page);
        await pressWhenShown(page.getByRole('button', { name: 'Talk', exact: true }));
        const talk = page.getByTestId('talk-button');
        await expect(talk).toHaveText(/STOP \ds/, SLOW);
        await expect(page.getByTestId('voice-status')).toHaveText(/Recording\.\.\. [1-9]s/, SLOW);
        await settle(page);
        // Still recording, or (on a machine slow enough for the test to see it late) stopped by TALK's own 10 s
        // limit: a replayed press would have stopped it within seconds.
        const take = await page.evaluate(
          () => (window as unknown as { __take: { stop: number; back?: number } }).__take,
        );
        expect(take.back === undefined || take.back - take.stop > 9_500, JSON.stringify(take)).toBe(true);
        expect((await browserCalls(page)).getUserMedia).toEqual(['audio']);
        await snap(page, testInfo, 'talk-first-press-1280');
      });
    } else {
      test('no TALK at any moment of the load: the voice controls are Hey Jarvis and Always', async ({
        page,
      }, testInfo) => {
        await countBrowserCalls(page);
        const talkShown = await watchTalkButton(page);
        await openChatSlowly(page);
        await expect(page.getByTestId('wake-toggle')).toHaveText('Hey Jarvis OFF', SLOW);
        await expect(page.getByTestId('continuous-toggle')).toHaveText('Always OFF', SLOW);
        await expect(page.getByRole('button', { name: 'Talk', exact: true })).toHaveCount(0);
        await expect(page.getByTestId('talk-button')).toBeHidden();
        expect(await talkShown()).toBe(false);
        expect((await browserCalls(page)).getUserMedia).toEqual([]);
        await snap(page, testInfo, 'voice-controls-375');
      });
    }

    test(`the image button opens the file chooser on the first ${how}, once`, async ({ page }, testInfo) => {
      await countBrowserCalls(page);
      let choosers = 0;
      page.on('filechooser', () => (choosers += 1));
      await openChatSlowly(page);
      const chosen = page.waitForEvent('filechooser', SLOW);
      await pressWhenShown(page.getByRole('button', { name: 'Upload image' }), how);
      await chosen;
      await settle(page);
      expect(choosers).toBe(1);
      await snap(page, testInfo, `image-first-${how}-${size.name}`);
    });

    test(`the camera button opens Camera Vision on the first ${how}, once`, async ({ page }, testInfo) => {
      await countBrowserCalls(page);
      await openChatSlowly(page);
      await pressWhenShown(page.getByRole('button', { name: 'Take photo' }), how);
      await expect(page.getByTestId('camera-view')).toHaveAttribute('data-state', 'active', SLOW);
      await settle(page);
      await expect(page.getByRole('dialog')).toHaveCount(1);
      expect((await browserCalls(page)).getUserMedia).toEqual(['video']);
      await snap(page, testInfo, `camera-first-${how}-${size.name}`);
    });

    for (const [label, testId, status, shot] of [
      ['Hey Jarvis OFF', 'wake-toggle', 'Listening for "Hey Jarvis"...', 'wake'],
      ['Always OFF', 'continuous-toggle', 'Listening...', 'always'],
    ] as const) {
      test(`'${label}' turns its mode on at the first ${how}, once`, async ({ page }, testInfo) => {
        await countBrowserCalls(page);
        await openChatSlowly(page);
        const toggle = page.getByTestId(testId);
        await expect(toggle).toHaveText(label, SLOW);
        await pressWhenShown(toggle, how);
        await expect(page.getByTestId(testId)).toHaveAttribute('aria-pressed', 'true', SLOW);
        await expect(page.getByTestId('voice-status')).toHaveText(status);
        await settle(page);
        await expect(page.getByTestId(testId)).toHaveAttribute('aria-pressed', 'true');
        expect((await browserCalls(page)).recognitionStarts).toBe(1);
        await snap(page, testInfo, `${shot}-first-${how}-${size.name}`);
      });
    }

    test(`the header: Enable Push, the test button and Location each act on their first ${how}, once`, async ({
      page,
      context,
    }, testInfo) => {
      const subscription = await callFake('push', 'subscription', 'ok', `first${Date.now()}`);
      await countBrowserCalls(page, subscription);
      await context.grantPermissions(['notifications', 'geolocation']);
      await context.setGeolocation({ latitude: 40.7411, longitude: -73.9897 });
      await page.route('https://api.bigdatacloud.net/**', (route) =>
        route.fulfill({
          json: { city: 'New York', locality: 'Manhattan', principalSubdivision: 'New York' },
        }),
      );
      const stored = apiCalls(page, 'POST', '/api/push/subscribe');
      const tests = apiCalls(page, 'POST', '/api/push/test');
      const saves = apiCalls(page, 'PUT', '/api/user/location');
      await openChatSlowly(page);
      // Each pressed as soon as it shows, before any of their code has loaded.
      await pressWhenShown(page.getByRole('button', { name: 'Enable Push' }), how);
      await pressWhenShown(page.getByRole('button', { name: 'Send a test notification' }), how);
      await pressWhenShown(page.getByRole('button', { name: 'Location', exact: true }), how);
      await expect(page.getByRole('button', { name: 'Push On' })).toBeVisible(SLOW);
      await expect(page.getByRole('button', { name: 'Location On' })).toBeVisible(SLOW);
      await expect.poll(() => tests.length, SLOW).toBe(1);
      await settle(page);
      const calls = await browserCalls(page);
      expect(calls.requestPermission).toBe(1);
      expect(calls.pushSubscribe).toBe(1);
      expect(stored).toHaveLength(1);
      expect(tests).toHaveLength(1);
      expect(calls.geolocation).toBe(1);
      expect(saves).toHaveLength(1);
      await snap(page, testInfo, `header-first-${how}-${size.name}`);
    });
  });
}
