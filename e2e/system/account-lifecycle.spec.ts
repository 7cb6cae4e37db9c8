import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { ACCOUNT_PART_SERVICES, type ArchiveManifest } from '@jarvis/contracts';
// From its own file: the package's main entry loads vitest's test API, which a spec here cannot load twice.
import { rowsHoldingUser, tablesWithUserColumn } from '../../libs/testing/src/account-rows';
import {
  type ElevenLabsFake,
  FAKE_ACCOUNT_SID,
  FAKE_AUTH_TOKEN,
  type GoogleFake,
  PRICE_ENTERPRISE,
  PRICE_PREMIUM,
  startElevenLabsFake,
  startGoogleFake,
  startStripeFake,
  startTwilioFake,
  type StripeFake,
  type TwilioFake,
  WEBHOOK_SECRET,
} from '@jarvis/testing/fakes';
import { Client } from 'pg';
import twilio from 'twilio';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromBuffer } from 'yauzl';

/**
 * Issue 22 end to end, on two whole systems booted as `npm start` boots them (scripts/start.mjs), each with its own
 * database, NATS prefix and Redis prefix, and the providers played by loopback fakes: an account is filled through
 * the API in every area on the first, exported, and its archive imported into a fresh account on the second, which
 * then shows the user the same conversations, reminders, memories, contacts, phone messages and settings. Then the
 * account is deleted on the first: no table of any schema holds its id any more, and each provider clean-up
 * (Google grants revoked, the bought number released and its recordings deleted at Twilio, the cloned voice deleted
 * at ElevenLabs, the Stripe subscription cancelled) was asked exactly once.
 */

const root = join(__dirname, '..', '..');
const ELEVENLABS_KEY = 'e2e-account-elevenlabs';
const ENCRYPTION_KEY = '0f'.repeat(32);
const SCHEMAS = ['identity', 'chat', 'voice', 'telephony', 'mail', 'billing', 'notifications', 'calendar'];

interface System {
  name: string;
  baseUrl: string;
  databaseUrl: string;
  child: ChildProcess;
  output: string;
}

let stripe: StripeFake;
let twilioFake: TwilioFake;
let google: GoogleFake;
let eleven: ElevenLabsFake;
let first: System;
let second: System;
const systems: System[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function until<T>(what: string, found: () => T | undefined | null | false | Promise<T | undefined | null | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await found();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${systems.map((s) => `--- ${s.name}\n${s.output.slice(-3_000)}`).join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function boot(name: string, port: number): Promise<System> {
  const runId = `${name}${Date.now().toString(36)}`;
  const baseUrl = `http://127.0.0.1:${port}`;
  const system: System = { name, baseUrl, databaseUrl: `postgres://postgres@127.0.0.1:5432/jarvis_${runId}`, output: '', child: undefined as never };
  system.child = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATABASE_URL: system.databaseUrl,
      NATS_SUBJECT_PREFIX: `${runId}.`,
      REDIS_PREFIX: `${runId}:`,
      JARVIS_SKIP_BUILD: '1',
      LOG_LEVEL: 'warn',
      METRICS_PORT: '0',
      METRICS_PORT_BASE: '0',
      SIGNUP_MAX_PER_IP_HOUR: '1000',
      ACCOUNT_DELETION_RETRY_SECONDS: '2',
      ENCRYPTION_KEY,
      STRIPE_SECRET_KEY: 'sk_test_e2e', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_PRICE_PREMIUM: PRICE_PREMIUM,
      STRIPE_PRICE_ENTERPRISE: PRICE_ENTERPRISE, STRIPE_BASE_URL: stripe.url,
      TWILIO_ACCOUNT_SID: FAKE_ACCOUNT_SID, TWILIO_AUTH_TOKEN: FAKE_AUTH_TOKEN, TWILIO_BASE_URL: twilioFake.url, TWILIO_PHONE_NUMBER: '+12125550100',
      ...google.env(),
      ELEVENLABS_API_KEY: ELEVENLABS_KEY, ELEVENLABS_BASE_URL: eleven.url,
      OPENAI_API_KEY: '', OPENAI_BASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [system.child.stdout!, system.child.stderr!]) stream.on('data', (chunk: Buffer) => (system.output = (system.output + chunk.toString()).slice(-100_000)));
  systems.push(system);
  await until(`${name} to be healthy`, async () => (await fetch(`${baseUrl}/health`).catch(() => null))?.ok, 180_000);
  return system;
}

async function stop(system: System | undefined) {
  if (!system || system.child.exitCode !== null) return;
  const exited = new Promise((resolve) => system.child.once('exit', resolve));
  system.child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 40_000))]);
  if (system.child.exitCode === null) system.child.kill('SIGKILL');
  const admin = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${new URL(system.databaseUrl).pathname.slice(1)}" WITH (FORCE)`).catch(() => undefined);
  await admin.end();
}

/** A browser's session on one system: its cookies, the AJAX header, JSON in and out. */
class Browser {
  private cookies = new Map<string, string>();
  constructor(readonly system: System) {}

  cookie() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async raw(method: string, path: string, init: { body?: BodyInit; headers?: Record<string, string> } = {}) {
    const res = await fetch(path.startsWith('http') ? path : this.system.baseUrl + path, {
      method, redirect: 'manual', body: init.body,
      headers: { 'X-Requested-With': 'XMLHttpRequest', ...(this.cookies.size ? { Cookie: this.cookie() } : {}), ...init.headers },
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    return res;
  }

  async call<T = any>(method: string, path: string, body?: unknown, expected = [200, 201, 202]): Promise<T> {
    const res = await this.raw(method, path, body === undefined ? {} : { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
    const text = await res.text();
    if (!expected.includes(res.status)) throw new Error(`${method} ${path} on ${this.system.name}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  get = <T = any>(path: string) => this.call<T>('GET', path);
}

/** Twilio's signed form POST to the system's telephony webhooks, as Twilio makes them. */
async function twilioWebhook(system: System, path: string, params: Record<string, string>) {
  const url = `${system.baseUrl}/webhooks/telephony${path}`;
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilio.getExpectedTwilioSignature(FAKE_AUTH_TOKEN, url, params) },
    body: new URLSearchParams(params).toString(),
  });
  expect(res.status, await res.text()).toBeLessThan(300);
}

/** Connects Google (Calendar or Gmail) as the popup would: the consent URL, the fake's consent screen, the callback. */
async function connectGoogle(browser: Browser, consentUrl: string, email: string, callback: string) {
  google.consentAs(email);
  const back = await google.authorize(consentUrl);
  const res = await browser.raw('GET', `${callback}?code=${encodeURIComponent(back.code!)}&state=${encodeURIComponent(back.state!)}`);
  expect(res.status, await res.text()).toBeLessThan(400);
}

function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const files = new Map<string, Buffer>();
      zip.on('entry', (entry) =>
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        }),
      );
      zip.on('end', () => resolve(files));
      zip.readEntry();
    });
  });
}

const webm = (rest: string) => Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.from(rest)]);

interface Filled {
  userId: string;
  username: string;
  password: string;
  line: { phoneNumber: string; sid: string };
  recordings: string[];
  voiceId: string;
  subscriptionId: string;
}

/** Fills an account on `system` through the API in every area. */
async function fillAccount(browser: Browser): Promise<Filled> {
  const username = `life${Date.now().toString(36)}`;
  const password = 'lifecycle-secret-1';
  const { user } = await browser.call('POST', '/api/register', { username, password, email: `${username}@example.com` });
  await browser.call('PUT', '/api/user/profile', { firstName: 'Priya', lastName: 'Shah' });
  await browser.call('POST', '/api/auth/theme', { mode: 'dark', color: 'green' });

  // Billing: premium through Stripe's Checkout (the fake's Subscribe button posts the signed webhooks back).
  const { url } = await browser.call('POST', '/api/stripe/create-checkout-session', { tier: 'premium' });
  await fetch(url, { method: 'POST', redirect: 'manual' });
  await until('the premium plan', async () => (await browser.get('/api/auth/user')).subscriptionTier === 'premium');
  const subscriptionId = [...stripe.subscriptions.values()].find((s) => s.metadata?.userId === user.id)!.id;

  // Chat: a memory, an action done, feedback, a saved conversation, a personality, a shortcut.
  await browser.call('POST', '/api/chat', { message: 'My name is Priya.' });
  const reply = await browser.call('POST', '/api/chat', { message: 'remind me to call mom tomorrow at 5pm' });
  await browser.call('PUT', `/api/chat/messages/${reply.assistantMessageId}/actions/0`, { executed: true });
  await browser.call('POST', '/api/chat/feedback', { messageId: reply.assistantMessageId, feedbackType: 'like' });
  await browser.call('POST', '/api/conversations', { title: 'Calling mom', messageIds: [reply.userMessageId, reply.assistantMessageId] });
  await browser.call('POST', '/api/personality', { personalityId: 'wise_mentor' });
  await browser.call('POST', '/api/quick-response-shortcuts', { name: 'Hours', trigger_phrases: ['opening hours'], response_template: 'We open at 9.' });

  // Calendar: reminders (one at a place), sync settings, Google Calendar, a visitor's booking on the user's link.
  await browser.call('POST', '/api/reminders', { title: 'Dentist', when: 'tomorrow at 3pm' });
  await browser.call('POST', '/api/reminders', { title: "Buy milk when I'm near the pharmacy on 5th Ave", when: 'tomorrow at 9am' });
  await browser.call('POST', '/api/calendar/sync-settings', { sync_reminders: false, reminder_minutes_before: 30, call_keywords: ['dentist'] });
  const calendarConsent = (await browser.raw('GET', '/api/calendar/connect')).headers.get('location')!;
  await connectGoogle(browser, calendarConsent, `${username}.cal@gmail.com`, '/api/calendar/oauth/callback');
  const draft = await browser.call('POST', '/api/draft/message', { message: 'Book a time with me', includeBookingLink: true });
  const code = /\/book\/([a-z0-9]+)/.exec(draft.message)![1];
  const visitor = new Browser(browser.system);
  const page = await visitor.get(`/api/booking-requests/${code}`);
  await visitor.call('POST', `/api/booking-requests/${code}/confirm`, { selectedSlot: page.available_slots[0].start, bookerName: 'Vic', bookerEmail: 'vic@example.com' });

  // Mail: Gmail connected.
  const { url: mailConsent } = await browser.get('/api/email/auth/url');
  await connectGoogle(browser, mailConsent, `${username}.mail@gmail.com`, '/api/email/auth/callback');

  // Telephony: a number bought, a voicemail on it (recorded), a contact, a recorded outbound call, a scenario, sharing.
  const available = `+1500555${String(Date.now() % 10_000).padStart(4, '0')}`;
  twilioFake.available.push(available);
  const { phoneNumber } = await browser.call('POST', '/api/phone-line', {});
  const sid = twilioFake.numbers.find((n) => n.phoneNumber === phoneNumber)!.sid;
  const CallSid = `CA${createHash('sha256').update(username).digest('hex').slice(0, 32)}`;
  const voicemailRecording = `RE${createHash('sha256').update(`${username}vm`).digest('hex').slice(0, 32)}`;
  twilioFake.recordings.set(voicemailRecording, Buffer.from('ID3 voicemail'));
  await twilioWebhook(browser.system, '/voice', { CallSid, From: '+15557654321', To: phoneNumber });
  await twilioWebhook(browser.system, '/recording', { CallSid, RecordingSid: voicemailRecording, RecordingStatus: 'completed', RecordingDuration: '7' });
  await twilioWebhook(browser.system, '/transcription', { CallSid, TranscriptionStatus: 'completed', TranscriptionText: 'Please call me back about the lease' });
  await twilioWebhook(browser.system, '/status', { CallSid, CallStatus: 'completed', CallDuration: '9' });
  await until('the voicemail', async () => (await browser.get('/api/phone-messages')).length === 1);
  await browser.call('POST', '/api/contacts', { name: 'Ann Lee', phone_number: '+12125559876', email: 'ann@example.com' });
  await browser.call('POST', '/api/call-scenarios', {
    name: 'Morning', scenario_type: 'good_morning', message_template: 'Good morning!', target_phone_number: '+12125550123', schedule_enabled: true, schedule_cron: '0 8 * * *',
  });
  await browser.call('PUT', '/api/phone-line/sharing', { name: false, twinFacts: true });
  twilioFake.callScript = () => ({ outcome: 'answer', duration: 40, recording: Buffer.from('ID3 call') });
  const { callId } = await browser.call('POST', '/api/proactive-call/bill-collector', {
    phoneNumber: '+12125550201', companyName: 'Acme Utilities', accountNumber: 'AC-1', amount: '$120', clientName: 'Sam', clientEmail: 'billing@acme.test',
  });
  const log = await until('the call to end', async () => (await browser.get('/api/proactive-call/logs')).find((l: any) => l.id === callId && l.status === 'completed'), 30_000);
  expect(log.recordingUrl).toBeTruthy();

  // Voice: a cloned voice from three samples.
  const form = new FormData();
  for (let i = 0; i < 3; i++) form.append(`sample${i}`, new Blob([new Uint8Array(webm(`${username} sample ${i}`))], { type: 'audio/webm' }), `sample${i}.webm`);
  const cloned = await browser.raw('POST', '/api/voice-cloning/clone', { body: form });
  expect(cloned.status, await cloned.text()).toBe(200);
  const voiceId = await until('the cloned voice', async () => {
    const status = await browser.get('/api/voice-cloning/status');
    return status.voiceCloningStatus === 'completed' && status.elevenLabsVoiceId;
  });

  // Notifications: channels, the briefing, a position, a message to support.
  await browser.call('PUT', '/api/notifications/preferences', {
    sms: { enabled: false, events: ['reminder'], phoneNumber: '' }, push: { enabled: true, events: ['reminder', 'phone_call'] }, email: { enabled: true, events: ['urgent_message'] },
  });
  await browser.call('PUT', '/api/user/voice-alerts', { enabled: true, wakeTime: '06:30' });
  await browser.call('PUT', '/api/user/location', { lat: 40.75, lon: -73.99, locationName: 'Midtown' });
  await browser.call('POST', '/api/contact', { name: 'Priya', email: `${username}@example.com`, subject: 'Hello', message: 'A question' });

  return { userId: user.id, username, password, line: { phoneNumber, sid }, recordings: [voicemailRecording], voiceId, subscriptionId };
}

/** What the user sees in every area, as the screens read it (ids and times aside). */
async function whatTheUserSees(browser: Browser) {
  const me = await browser.get('/api/auth/user');
  const sorted = <T>(list: T[], key: (t: T) => string) => [...list].sort((a, b) => key(a).localeCompare(key(b)));
  return {
    profile: { firstName: me.firstName, lastName: me.lastName, themeMode: me.themeMode, themeColor: me.themeColor },
    messages: (await browser.get('/api/chat/messages')).map((m: any) => ({ role: m.role, content: m.content, actions: (m.actions ?? []).map((a: any) => ({ type: a.type, executed: a.executed })) })),
    conversations: (await browser.get('/api/conversations')).map((c: any) => ({ title: c.title, messages: c.messageIds.length })),
    memories: sorted(await browser.get('/api/memories'), (m: any) => m.content).map((m: any) => ({ type: m.type, content: m.content })),
    personality: (await browser.get('/api/personality')).personalityId,
    shortcuts: (await browser.get('/api/quick-response-shortcuts')).map((s: any) => ({ name: s.name, trigger_phrases: s.trigger_phrases })),
    reminders: sorted(await browser.get('/api/reminders'), (r: any) => r.title).map((r: any) => ({ title: r.title, when: r.when, reminder_time: r.reminder_time, done: r.done })),
    contacts: (await browser.get('/api/contacts')).map((c: any) => ({ name: c.name, phone_number: c.phone_number, email: c.email })),
    phoneMessages: (await browser.get('/api/phone-messages')).map((m: any) => ({ transcript: m.transcript, caller: m.caller_number, priority: m.priority })),
    scenarios: (await browser.get('/api/call-scenarios')).scenarios.map((s: any) => ({ name: s.name, schedule_enabled: s.schedule_enabled, schedule_cron: s.schedule_cron })),
    callLogs: (await browser.get('/api/proactive-call/logs')).map((l: any) => ({ status: l.status, duration: l.duration })),
    sharing: (await browser.get('/api/phone-line')).sharing,
    notificationPreferences: await browser.get('/api/notifications/preferences'),
    voiceAlerts: await browser.get('/api/user/voice-alerts'),
  };
}

beforeAll(async () => {
  if (!existsSync(join(root, 'gateway', 'dist', 'main.js'))) throw new Error('Build first: npx nx run-many -t build');
  const [portA, portB] = [await freePort(), await freePort()];
  stripe = await startStripeFake({ webhookUrl: `http://127.0.0.1:${portA}/webhooks/billing/stripe` });
  twilioFake = await startTwilioFake();
  google = await startGoogleFake();
  eleven = await startElevenLabsFake(ELEVENLABS_KEY);
  first = await boot('lifea', portA);
  second = await boot('lifeb', portB);
}, 420_000);

afterAll(async () => {
  await Promise.all([stop(first), stop(second)]);
  await Promise.all([stripe?.close(), twilioFake?.close(), google?.close(), eleven?.close()].map((p) => p?.catch(() => undefined)));
}, 120_000);

describe('your data is yours, across two Jarvis installations', () => {
  let filled: Filled;
  let archive: Buffer;
  let seen: Awaited<ReturnType<typeof whatTheUserSees>>;
  let ownerBrowser: Browser;

  it('exports an account filled in every area as one ZIP whose manifest lists every file with its hash', async () => {
    ownerBrowser = new Browser(first);
    filled = await fillAccount(ownerBrowser);
    seen = await whatTheUserSees(ownerBrowser);
    const { id } = await ownerBrowser.call('POST', '/api/account/export');
    const state = await until('the export', async () => {
      const now = await ownerBrowser.get(`/api/account/export/${id}`);
      return now.status === 'completed' || now.status === 'failed' ? now : null;
    }, 60_000);
    expect(state).toMatchObject({ status: 'completed', progress: 100 });
    const res = await ownerBrowser.raw('GET', state.downloadUrl);
    expect(res.status).toBe(200);
    archive = Buffer.from(await res.arrayBuffer());
    const files = await unzip(archive);
    const manifest = JSON.parse(files.get('manifest.json')!.toString()) as ArchiveManifest;
    console.log(`archive: ${archive.length} bytes\n${manifest.files.map((f) => `  ${f.path} (${f.count} records, ${f.bytes} bytes)`).join('\n')}`);
    for (const file of manifest.files) expect(createHash('sha256').update(files.get(file.path)!).digest('hex')).toBe(file.sha256);
    expect(manifest.files.map((f) => f.path)).toEqual(expect.arrayContaining([
      'profile.json', 'conversations.json', 'messages.json', 'memories.json', 'patterns.json', 'twin.json', 'personality-and-career.json',
      'shortcuts.json', 'discord-servers.json', 'reminders.json', 'calendar-settings.json', 'booking-links.json', 'bookings.json',
      'contacts.json', 'phone-messages.json', 'call-logs.json', 'call-scenarios.json', 'phone-line.json', 'notifications.json',
      'notification-preferences.json', 'support-messages.json', 'voice.json', 'mail.json', 'subscription.json', `recordings/${filled.recordings[0]}.mp3`,
    ]));
    // Both recordings Twilio holds (the voicemail's and the call's) came into recordings/.
    filled.recordings = manifest.files.filter((f) => f.path.startsWith('recordings/')).map((f) => f.path.slice('recordings/'.length, -'.mp3'.length));
    expect(filled.recordings).toHaveLength(2);
    const count = (path: string) => manifest.files.find((f) => f.path === path)!.count;
    expect([count('messages.json'), count('reminders.json'), count('phone-messages.json'), count('bookings.json')]).toEqual([4, 2, 1, 1]);
    // No secret: the password's hash, a session, a device secret, a Google or Stripe or Twilio credential.
    const text = [...files.values()].map((b) => b.toString('latin1')).join('\n');
    for (const secret of ['$argon2', ownerBrowser.cookie().split('; ')[0].split('=')[1], FAKE_AUTH_TOKEN, 'sk_test_e2e', ENCRYPTION_KEY, 'refresh_token', ELEVENLABS_KEY]) {
      expect(text).not.toContain(secret);
    }
  });

  it('imports the archive into a fresh account on another installation, which then shows the same data; a second import changes nothing', async () => {
    const fresh = new Browser(second);
    await fresh.call('POST', '/api/register', { username: `moved${Date.now().toString(36)}`, password: 'moved-secret-1' });
    const form = () => {
      const body = new FormData();
      body.append('archive', new Blob([new Uint8Array(archive)], { type: 'application/zip' }), 'export.zip');
      return body;
    };
    const res = await fresh.raw('POST', '/api/account/import', { body: form() });
    const reply = await res.json();
    expect(res.status, JSON.stringify(reply)).toBe(200);
    expect(reply.parts).toEqual(Object.fromEntries(['identity', ...ACCOUNT_PART_SERVICES].map((p) => [p, 'imported'])));
    const moved = await whatTheUserSees(fresh);
    expect(moved).toEqual(seen);

    const again = await (await fresh.raw('POST', '/api/account/import', { body: form() })).json();
    expect(again.parts).toEqual(Object.fromEntries(['identity', ...ACCOUNT_PART_SERVICES].map((p) => [p, 'already imported'])));
    expect(await whatTheUserSees(fresh)).toEqual(moved);
  });

  it('deletes the account everywhere: no schema holds its id, and each provider clean-up was asked exactly once', async () => {
    const revokesBefore = google.calls('POST', '/revoke').length;
    await ownerBrowser.call('DELETE', '/api/account', { password: filled.password });
    expect((await ownerBrowser.raw('GET', '/api/auth/user')).status).toBe(401);
    const db = new DataSource({ type: 'postgres', url: first.databaseUrl });
    await db.initialize();
    try {
      await until('the account row to go last', async () => (await db.query('SELECT 1 FROM identity.users WHERE id = $1', [filled.userId])).length === 0, 60_000);
      const tables = await tablesWithUserColumn(db, SCHEMAS);
      expect(tables.length).toBeGreaterThanOrEqual(30);
      expect(await rowsHoldingUser(db, filled.userId, SCHEMAS)).toEqual({});
    } finally {
      await db.destroy();
    }
    expect(google.calls('POST', '/revoke').length - revokesBefore).toBe(2); // Google Calendar and Gmail
    expect(twilioFake.released.filter((sid) => sid === filled.line.sid)).toHaveLength(1);
    for (const sid of filled.recordings) expect(twilioFake.deletedRecordings.filter((s) => s === sid)).toHaveLength(1);
    expect(eleven.requests.filter((r) => r.method === 'DELETE' && r.path === `/v1/voices/${filled.voiceId}`)).toHaveLength(1);
    expect(stripe.cancellations.filter((id) => id === filled.subscriptionId)).toHaveLength(1);
    // Signing in again is refused; the name is free once the row is gone.
    expect((await new Browser(first).raw('POST', '/api/login', { body: JSON.stringify({ username: filled.username, password: filled.password }), headers: { 'Content-Type': 'application/json' } })).status).toBe(401);
  });
});
