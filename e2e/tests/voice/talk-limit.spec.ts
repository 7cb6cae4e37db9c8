import { expect, test } from '@playwright/test';
import { registerViaApi, screenshotsIn } from '../shell/shell-helpers';
import { fakeMediaLaunchOptions, fulfillJson, writeFakeVoiceWav } from './voice-helpers';

/** doc1 §9: one-shot listening auto-stops at 10 s. TALK is for wide screens (hidden on a phone, where Always is). */
const snap = screenshotsIn('spec-details');
test.use({ launchOptions: fakeMediaLaunchOptions(writeFakeVoiceWav()) });

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('TALK stops by itself after 10 seconds of recording and sends what it heard', async ({
    page,
  }, testInfo) => {
    await page.route('**/api/transcribe', fulfillJson({ text: 'What is on my calendar today?' }));
    test.setTimeout(120_000);
    await registerViaApi(page.request, { ready: true });
    await page.goto('/');
    await expect(page.getByTestId('section-chat')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('chat-input').hover();
    const talk = page.getByTestId('talk-button');
    await expect(talk).toHaveText('TALK');
    // From the press on, the page's timers run on Playwright's clock, stopped: it moves only as the test moves it, so
    // the 10 s are the app's own, not those of a busy machine (on which the page's own timer once fired 5 s late).
    await page.clock.install();
    const now = () => page.evaluate(() => Date.now());
    // pauseAt stops the clock first; if the page's clock passed the time asked meanwhile, the second call holds.
    await page.clock
      .pauseAt((await now()) + 1_000)
      .catch(async () => page.clock.pauseAt((await now()) + 1_000));
    const transcribed: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/transcribe') transcribed.push(req.url());
    });
    await talk.click();
    await expect(talk).toHaveText('STOP 0s', { timeout: 20_000 });
    await page.clock.runFor(9_000);
    await expect(talk).toHaveText('STOP 9s');
    await snap(page, testInfo, 'talk-recording-1280');
    // 9.8 s: still recording, nothing sent.
    await page.clock.runFor(800);
    await expect(talk).toHaveText('STOP 9s');
    expect(transcribed).toEqual([]);
    // No press of STOP: at 10 s the take ends, is transcribed and the words are sent.
    const sent = page.waitForRequest('**/api/transcribe', { timeout: 30_000 });
    await page.clock.runFor(400);
    await sent;
    await page.clock.resume();
    await expect(page.locator('[data-testid="message"][data-role="user"]').last()).toContainText(
      'What is on my calendar today?',
      { timeout: 20_000 },
    );
    await expect(talk).toHaveText('TALK');
  });
});

test.describe('at 375 px (touch)', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  test('a phone has no TALK to stop: its voice controls are Hey Jarvis and Always', async ({
    page,
  }, testInfo) => {
    await registerViaApi(page.request, { ready: true });
    await page.goto('/');
    await expect(page.getByTestId('section-chat')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('wake-toggle')).toHaveText('Hey Jarvis OFF', { timeout: 30_000 });
    await expect(page.getByTestId('continuous-toggle')).toHaveText('Always OFF');
    // The manual microphone is for wide screens (doc1 §2): not shown, not reachable by a screen reader either.
    await expect(page.getByTestId('talk-button')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Talk', exact: true })).toHaveCount(0);
    await expect(page.getByTestId('voice-status')).toHaveCount(0);
    await snap(page, testInfo, 'talk-absent-375');
  });
});
