import { expect, test, type Page } from '@playwright/test';
import { chatBox, openChatAsNewUser, toast } from '../chat/chat-helpers';
import { screenshotsIn } from '../shell/shell-helpers';
import {
  fakeMediaLaunchOptions,
  fulfillJson,
  pngOf,
  quietWavBase64,
  recordBrowserSpeech,
  spokenInBrowser,
  writeFakeVoiceWav,
} from './voice-helpers';

/**
 * Voice and vision in Chromium with a fake microphone (a looped WAV) and a fake camera. The test system has no
 * OpenAI or AudD key: /api/speak answers 503 (the browser's own voice speaks instead), and where a test needs a
 * transcript, an analysis, a translation or a song, it answers that call in the browser.
 */
const snap = screenshotsIn('voice');
const wav = writeFakeVoiceWav();
test.use({ launchOptions: fakeMediaLaunchOptions(wav) });

const replies = (page: Page) => page.locator('[data-testid="message"][data-role="assistant"]');
const userMessages = (page: Page) => page.locator('[data-testid="message"][data-role="user"]');

/** Points at the chat input so the image, camera and voice controls load. */
async function voiceControls(page: Page) {
  await page.getByTestId('chat-input').hover();
  await expect(page.getByTestId('wake-toggle')).toBeVisible();
}

/** A reply of Jarvis's offering `actions`, answered in the browser (the offline assistant offers neither card). */
async function replyWithAction(page: Page, reply: string, actions: unknown[]) {
  await page.route('**/api/chat', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    await fulfillJson({
      reply,
      actions,
      userMessageId: '00000000-0000-4000-8000-0000000000a1',
      assistantMessageId: '00000000-0000-4000-8000-0000000000a2',
    })(route);
  });
}

test.describe('voice and vision at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('TALK records, the transcript is sent, and the reply is spoken through the audio element', async ({
    page,
  }, testInfo) => {
    await page.route('**/api/transcribe', fulfillJson({ text: 'What can you help me with?' }));
    await page.route('**/api/speak', fulfillJson({ ok: true, mime: 'audio/wav', audioBase64: quietWavBase64() }));
    await openChatAsNewUser(page);
    await voiceControls(page);
    const talk = page.getByTestId('talk-button');
    await expect(talk).toHaveText('TALK');
    await talk.click();
    await expect(talk).toContainText(/STOP \ds/);
    await expect(page.getByTestId('voice-status')).toContainText('Recording...');
    await expect(page.getByTestId('mood-indicator')).toHaveAttribute('data-mood', 'listening');
    await page.waitForTimeout(1_200);
    await snap(page, testInfo, 'talk-recording-1280');
    const transcribed = page.waitForRequest('**/api/transcribe');
    await talk.click();
    const body = (await transcribed).postDataJSON() as { audioBase64: string; mimeType: string };
    expect(body.audioBase64.length).toBeGreaterThan(100);
    expect(body.mimeType).toMatch(/^audio\/(webm|mp4|ogg)/);
    await expect(userMessages(page).last()).toContainText('What can you help me with?');
    await expect(replies(page)).toHaveCount(1);
    await expect(page.getByTestId('speech-audio')).toHaveAttribute('data-played', 'true');
  });

  test("a reply is read by the browser's voice when /api/speak has no provider (503)", async ({ page }) => {
    await recordBrowserSpeech(page);
    await openChatAsNewUser(page);
    const speak = page.waitForResponse('**/api/speak');
    await chatBox(page).fill('hello there');
    await chatBox(page).press('Enter');
    await expect(replies(page)).toHaveCount(1);
    expect((await speak).status()).toBe(503);
    await expect.poll(async () => (await spokenInBrowser(page)).length).toBeGreaterThan(0);
  });

  test('an uploaded image is answered, and a provider failure shows its code', async ({ page }, testInfo) => {
    await openChatAsNewUser(page);
    await voiceControls(page);
    // No vision key in this system: the service answers SERVICE_ERROR.
    await page.getByTestId('image-upload-input').setInputFiles({
      name: 'red.png',
      mimeType: 'image/png',
      buffer: pngOf(),
    });
    await expect(toast(page)).toContainText('Service Unavailable');
    await expect(userMessages(page).last()).toHaveAttribute('data-error-code', 'SERVICE_ERROR');
    await expect(userMessages(page).last()).toContainText('Image analysis failed');

    await page.route('**/api/vision/analyze', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await fulfillJson({ analysisText: 'A plain red rectangle.', requestId: 'r1' })(route);
    });
    await chatBox(page).fill('What colour is this?');
    await page.getByTestId('image-upload-input').setInputFiles({
      name: 'red.png',
      mimeType: 'image/png',
      buffer: pngOf(),
    });
    await expect(page.getByText('Analyzing image...')).toBeVisible();
    await snap(page, testInfo, 'image-analyzing-1280');
    await expect(replies(page).last()).toContainText('A plain red rectangle.');
    await expect(userMessages(page).last()).toContainText('What colour is this?');
    await expect(userMessages(page).last()).toHaveAttribute('data-image-state', 'done');
    await snap(page, testInfo, 'image-answered-1280');

    await page.getByTestId('image-upload-input').setInputFiles({
      name: 'notes.gif',
      mimeType: 'image/gif',
      buffer: Buffer.from('GIF89a'),
    });
    await expect(toast(page)).toContainText('Invalid Image');
  });

  test('Camera Vision: live preview, capture, retake, and the photo asked about', async ({ page }, testInfo) => {
    await page.route('**/api/vision/analyze', fulfillJson({ analysisText: 'A test pattern from a camera.' }));
    await openChatAsNewUser(page);
    await voiceControls(page);
    await page.getByRole('button', { name: 'Take photo' }).click();
    const view = page.getByTestId('camera-view');
    await expect(view).toHaveAttribute('data-state', 'active');
    await page.waitForTimeout(500);
    await snap(page, testInfo, 'camera-active-1280');
    await page.getByRole('button', { name: 'Capture Photo' }).click();
    await expect(view).toHaveAttribute('data-state', 'captured');
    await expect(page.getByAltText('Captured photo')).toHaveAttribute('src', /^data:image\/png;base64,/);
    await page.getByLabel('Add a prompt (optional)').fill('What do you see?');
    await snap(page, testInfo, 'camera-captured-1280');
    await page.getByRole('button', { name: 'Retake' }).click();
    await expect(view).toHaveAttribute('data-state', 'active');
    await page.getByRole('button', { name: 'Capture Photo' }).click();
    const asked = page.waitForRequest('**/api/vision/analyze');
    await page.getByRole('button', { name: 'Use Photo' }).click();
    const body = (await asked).postDataJSON() as { imageType: string; prompt: string; imageData: string };
    expect(body).toMatchObject({ imageType: 'png', prompt: 'What do you see?' });
    await expect(replies(page).last()).toContainText('A test pattern from a camera.');
  });

  test('interpreter and music cards: translate a spoken sentence; identify a song with its links', async ({
    page,
  }, testInfo) => {
    await page.route('**/api/transcribe', fulfillJson({ text: 'Where is the train station?' }));
    await page.route('**/api/translate', fulfillJson({ translatedText: '¿Dónde está la estación de tren?' }));
    await page.route(
      '**/api/music/identify',
      fulfillJson({
        song: {
          title: 'Clair de Lune',
          artist: 'Claude Debussy',
          album: 'Suite bergamasque',
          release_date: '1905',
          spotify_url: 'https://open.spotify.com/track/example',
          youtube_url: 'https://www.youtube.com/watch?v=example',
          apple_music_url: 'https://music.apple.com/example',
        },
      }),
    );
    await openChatAsNewUser(page);
    await replyWithAction(page, 'I can interpret and find songs for you.', [
      { type: 'start_interpreter', args: { from_language: 'Auto-detect', to_language: 'Spanish' } },
      { type: 'identify_music', args: { context: 'the song playing now' } },
    ]);
    await chatBox(page).fill('help me in Madrid');
    await chatBox(page).press('Enter');
    await page.getByRole('button', { name: /Start Interpreter/ }).click();
    const interpreter = page.getByTestId('interpreter-card');
    await expect(interpreter).toBeVisible();
    await expect(interpreter.getByLabel('From')).toContainText('Auto-detect');
    await interpreter.getByRole('button', { name: 'Start speaking' }).click();
    await page.waitForTimeout(800);
    await interpreter.getByRole('button', { name: /Stop and translate/ }).click();
    await expect(interpreter.getByTestId('interpreter-translation')).toHaveText('¿Dónde está la estación de tren?');
    await expect(interpreter.getByRole('button', { name: 'Replay' })).toBeVisible();

    await page.getByRole('button', { name: /Identify Music/ }).click();
    const music = page.getByTestId('music-card');
    await music.getByRole('button', { name: 'Identify song' }).click();
    await expect(music.getByText(/Listening\.\.\./)).toBeVisible();
    await music.getByRole('button', { name: 'Stop and identify' }).click();
    await expect(music.getByText('Clair de Lune')).toBeVisible();
    await expect(music.getByRole('link', { name: /Spotify/ })).toHaveAttribute('href', /open\.spotify\.com/);
    await music.scrollIntoViewIfNeeded();
    await snap(page, testInfo, 'interpreter-music-cards-1280');
  });

  test('Voice Orb: one hands-free turn, listen → transcribe → chat → speak', async ({ page }, testInfo) => {
    await page.route('**/api/transcribe', fulfillJson({ text: 'Tell me something nice' }));
    await page.route('**/api/speak', fulfillJson({ ok: true, mime: 'audio/wav', audioBase64: quietWavBase64(1) }));
    await openChatAsNewUser(page);
    await page.goto('/orb');
    await expect(page.getByRole('heading', { name: 'Voice Orb' })).toBeVisible();
    await expect(page.getByTestId('orb-status')).toHaveText('Click "Start Voice Chat" to begin');
    await expect(page.getByRole('button', { name: 'Stop Listening' })).toBeHidden();
    await snap(page, testInfo, 'orb-idle-1280');
    await page.getByRole('button', { name: 'Start Voice Chat' }).click();
    await expect(page.getByRole('button', { name: 'Stop Listening' })).toBeVisible();
    await expect(page.getByTestId('orb-status')).toHaveAttribute('data-phase', 'listening');
    const transcript = page.getByTestId('orb-transcript');
    await expect(transcript.locator('[data-role="user"]').first()).toContainText('Tell me something nice', {
      timeout: 20_000,
    });
    await expect(transcript.locator('[data-role="assistant"]').first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('orb-audio')).toHaveAttribute('data-played', 'true', { timeout: 20_000 });
    await snap(page, testInfo, 'orb-conversation-1280');
    await page.getByRole('button', { name: 'Stop Listening' }).click();
    await expect(page.getByTestId('orb-status')).toHaveText('Click "Start Voice Chat" to begin');
    await page.getByRole('button', { name: 'Clear Conversation' }).click();
    await expect(transcript).toContainText('The conversation appears here.');
  });
});

test.describe('voice and vision at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the chat input on a phone: no TALK, the toggles, the camera and the orb', async ({ page }, testInfo) => {
    await page.route('**/api/vision/analyze', fulfillJson({ analysisText: 'A camera test pattern.' }));
    await openChatAsNewUser(page);
    await voiceControls(page);
    await expect(page.getByTestId('talk-button')).toBeHidden();
    await expect(page.getByTestId('continuous-toggle')).toBeVisible();
    await snap(page, testInfo, 'chat-input-375');
    await page.getByRole('button', { name: 'Take photo' }).click();
    await expect(page.getByTestId('camera-view')).toHaveAttribute('data-state', 'active');
    await page.waitForTimeout(500);
    await snap(page, testInfo, 'camera-active-375');
    await page.getByRole('button', { name: 'Capture Photo' }).click();
    await expect(page.getByTestId('camera-view')).toHaveAttribute('data-state', 'captured');
    await snap(page, testInfo, 'camera-captured-375');
    await page.getByRole('button', { name: 'Use Photo' }).click();
    await expect(replies(page).last()).toContainText('A camera test pattern.');
    await snap(page, testInfo, 'image-answered-375');

    await page.goto('/orb');
    await expect(page.getByRole('heading', { name: 'Voice Orb' })).toBeVisible();
    await snap(page, testInfo, 'orb-idle-375');
  });

  test('interpreter and music cards on a phone', async ({ page }, testInfo) => {
    await page.route('**/api/music/identify', fulfillJson({ song: null, error: 'No match' }));
    await openChatAsNewUser(page);
    await replyWithAction(page, 'Ready when you are.', [
      { type: 'start_interpreter', args: { to_language: 'French' } },
      { type: 'identify_music', args: {} },
    ]);
    await chatBox(page).fill('tools please');
    await chatBox(page).press('Enter');
    await page.getByRole('button', { name: /Start Interpreter/ }).click();
    await expect(page.getByTestId('interpreter-card')).toBeVisible();
    await page.getByRole('button', { name: /Identify Music/ }).click();
    const music = page.getByTestId('music-card');
    await music.getByRole('button', { name: 'Identify song' }).click();
    await music.getByRole('button', { name: 'Stop and identify' }).click();
    await expect(music.getByText('Song Not Found')).toBeVisible();
    await page.getByTestId('interpreter-card').scrollIntoViewIfNeeded();
    await snap(page, testInfo, 'interpreter-music-cards-375');
  });
});
