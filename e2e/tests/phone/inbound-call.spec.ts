import { createHmac, randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { chatBox } from '../chat/chat-helpers';
import { claimPhoneLine } from '../support/accounts';
import { callFake, readFake } from '../support/fakes';
import { AJAX, mainNav, registerViaApi, screenshotsIn } from '../shell/shell-helpers';

const snap = screenshotsIn('phone');
/** The Twilio fake's auth token (libs/testing/src/fakes/twilio.fake.ts): Twilio signs webhooks with it. */
const TWILIO_AUTH_TOKEN = 'fake-twilio-auth-token';

/** Posts a webhook as Twilio does: form-encoded, signed with X-Twilio-Signature over the public URL and the params. */
async function twilioPosts(page: Page, path: string, params: Record<string, string>) {
  const url = `${new URL(page.url()).origin}/webhooks/telephony${path}`;
  const signed = Object.keys(params)
    .sort()
    .reduce((text, key) => text + key + params[key], url);
  const signature = createHmac('sha1', TWILIO_AUTH_TOKEN).update(signed).digest('base64');
  const res = await page.request.post(url, { form: params, headers: { 'X-Twilio-Signature': signature } });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.text();
}

test('a caller leaves a message on a free line: it is listed, its recording plays and its transcript shows', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await registerViaApi(page.request, { ready: true });
  await page.goto('/');
  const line = await claimPhoneLine(page);
  const CallSid = `CA${randomBytes(16).toString('hex')}`;
  const RecordingSid = `RE${randomBytes(16).toString('hex')}`;

  const twiml = await twilioPosts(page, '/voice', {
    CallSid,
    From: '+12125550199',
    To: line,
    CallStatus: 'ringing',
  });
  expect(twiml).toContain('<Record');
  await callFake('twilio', 'seedRecording', RecordingSid);
  await twilioPosts(page, '/recording', {
    CallSid,
    RecordingSid,
    RecordingStatus: 'completed',
    RecordingDuration: '7',
  });
  await twilioPosts(page, '/transcription', {
    CallSid,
    TranscriptionStatus: 'completed',
    TranscriptionText: 'Hi, this is Dana from the print shop. Please call me back about the invoice.',
  });
  await twilioPosts(page, '/status', { CallSid, CallStatus: 'completed', CallDuration: '9' });

  await mainNav(page)
    .getByRole('button', { name: /^Phone Messages/ })
    .click();
  const card = page.getByTestId('phone-message-card').first();
  await expect(card).toContainText('(212) 555-0199', { timeout: 20_000 });
  await card.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Please call me back about the invoice.');
  const player = dialog.getByTestId('recording-player');
  await expect(player).toBeVisible();
  await expect
    .poll(() => player.evaluate((element) => (element as HTMLAudioElement).readyState), { timeout: 10_000 })
    .toBeGreaterThan(0);
  await snap(page, testInfo, 'inbound-call-details-desktop');
});

test('a drafted text message is sent through Twilio to the contact it names', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await registerViaApi(page.request, { ready: true });
  const dana = `+1212555${String(Date.now()).slice(-4)}`;
  const res = await page.request.post('/api/contacts', {
    headers: AJAX,
    data: { name: 'Dana', phone_number: dana },
  });
  expect(res.ok(), await res.text()).toBe(true);
  await page.goto('/');
  await chatBox(page).fill("text Dana that I'll call back tomorrow morning");
  await chatBox(page).press('Enter');
  const reply = page.locator('[data-testid="message"][data-role="assistant"]').last();
  await reply.getByRole('button', { name: 'Draft Text Message' }).click();
  const card = page.getByTestId('sms-draft-card');
  await expect(card).toContainText("I'll call back tomorrow morning");
  await card.getByRole('button', { name: 'Send', exact: true }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Dana');
  await snap(page, testInfo, 'sms-confirm-desktop');
  await confirm.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Message Sent' })).toBeVisible();
  const sent = await readFake<{ to: string; body: string }[]>('twilio', 'sentMessages');
  expect(sent.find((message) => message.to === dana)?.body).toContain("I'll call back tomorrow morning");
});
