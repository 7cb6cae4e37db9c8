import { api, DomainError, type ErrorKind, type EventMap, type EventName, QUEUES, type RequestInputOf, type UserProfile } from '@jarvis/contracts';
import { EventBus, JobQueue } from '@jarvis/platform';
import { type Published, type ServiceHarness, startServiceHarness, type TestUser } from '@jarvis/testing';
import { startPushFake, startSmtpFake } from '@jarvis/testing/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppModule } from './app.module';
import { DeliveryService } from './delivery/delivery.service';

const BACKOFF_MS = 250;
let h: ServiceHarness;
let push: Awaited<ReturnType<typeof startPushFake>>;
let smtp: Awaited<ReturnType<typeof startSmtpFake>>;
/** Users whose address the identity stand-in answers as not verified. */
const unverifiedEmails = new Set<string>();
let live: Published;

beforeAll(async () => {
  push = await startPushFake();
  smtp = await startSmtpFake();
  h = await startServiceHarness('notifications', AppModule, {
    label: 'notifications',
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      SUPPORT_EMAIL: 'jarvis@jarvis.test',
      VAPID_PUBLIC_KEY: undefined,
      VAPID_PRIVATE_KEY: undefined,
      // Channel retries after 250 ms, 500 ms, 1 s instead of 1 s, 2 s, 4 s.
      NOTIFICATION_RETRY_BACKOFF_MS: String(BACKOFF_MS),
      // The push fake is HTTPS on 127.0.0.1: an allowed push host, and a loopback address safeFetch may reach here.
      WEB_PUSH_ALLOWED_HOSTS: '127.0.0.1',
      ALLOW_PRIVATE_NETWORK_TARGETS: '1',
    },
  });
  // The gateway's identity subject, answering every user as <id>@example.com.
  await h.published<{ data: { userId: string } }>('identity.users.profile', {
    reply: ({ body: { data } }): UserProfile => ({ id: data.userId, username: 'u', firstName: null, lastName: null, email: `${data.userId}@example.com`, emailVerified: !unverifiedEmails.has(data.userId), tier: 'free' }),
  });
  live = await h.published('live.>');
});
afterAll(async () => {
  await h?.close();
  await push?.close();
  await smtp?.close();
});

/** Published from the test's own connection, as another service would (it works while the service is down). */
const publish = <N extends EventName>(name: N, data: EventMap[N], id: string) => new EventBus(h.nc, h.env.natsPrefix).publish(name, data, id);
/** Waits until the user's inbox has `count` entries and their deliveries finished. */
async function inboxOf(user: TestUser, count: number) {
  const list = await h.waitFor(
    async () => {
      const list = await h.call(api.notifications.list, {}, user);
      return list.length >= count ? list : undefined;
    },
    { timeoutMs: 10_000, message: `inbox never reached ${count}` },
  );
  await h.get(DeliveryService).settled();
  return list;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type SmsRequest = { userId: string; to: string; body: string };
/**
 * Telephony's SMS subject, answered by the test: `answer(sms)` returns `smsSent` or throws `smsRefused(...)`, now or
 * later (a promise).
 */
const telephonySms = (answer: (sms: SmsRequest) => unknown) =>
  h.published<{ data: SmsRequest }>('telephony.sms.deliver', { reply: ({ body }) => answer(body.data) });
const smsSent = { sid: 'SM1' };
const smsRefused = (kind: ErrorKind, message: string) => new DomainError(kind, message, { code: kind });
/**
 * Saves the preferences (an SMS number among them) and types back the code telephony was asked to text the number,
 * as the user does: notifications texts only a verified number.
 */
async function saveWithVerifiedNumber(user: TestUser, preferences: RequestInputOf<typeof api.notifications.updatePreferences>) {
  const codes: string[] = [];
  const telephony = await telephonySms((data) => {
    if (data.userId === user.id) codes.push(/\b(\d{6})\b/.exec(data.body)![1]);
    return smsSent;
  });
  try {
    await h.call(api.notifications.updatePreferences, preferences, user);
    expect(codes).toHaveLength(1);
    expect((await h.call(api.notifications.verifySms, { code: codes[0] }, user)).verified).toBe(true);
  } finally {
    await telephony.stop();
  }
}
const subjectsOf = (mails: string[]) => mails.map((m) => /^Subject: (.*)$/m.exec(m)?.[1]?.trim());

describe('preferences and voice alerts', () => {
  it("answers doc2's defaults, keeps what is saved, and is per user", async () => {
    const [alice, bob] = [h.newUser(), h.newUser()];
    expect(await h.call(api.notifications.preferences, {}, alice)).toEqual({
      sms: { enabled: false, events: [], phoneNumber: '' },
      push: { enabled: true, events: ['phone_call', 'reminder', 'location_trigger', 'traffic_whisper', 'weather_whisper'] },
      email: { enabled: false, events: [] },
    });
    const saved = {
      sms: { enabled: true, events: ['urgent_message' as const], phoneNumber: '+15551234567' },
      push: { enabled: false, events: [] },
      email: { enabled: true, events: ['reminder' as const, 'reminder' as const] },
    };
    expect((await h.call(api.notifications.updatePreferences, saved, alice)).email.events).toEqual(['reminder']);
    expect((await h.call(api.notifications.preferences, {}, alice)).sms).toEqual(saved.sms);
    expect((await h.call(api.notifications.preferences, {}, bob)).push.enabled).toBe(true);
  });

  it('refuses unknown event kinds and channels with 400', async () => {
    const user = h.newUser();
    const base = { sms: { enabled: false, events: [] }, push: { enabled: true, events: [] }, email: { enabled: false, events: [] } };
    expect(api.notifications.updatePreferences.request.safeParse({ ...base, push: { enabled: true, events: ['party'] } }).success).toBe(false);
    expect(api.notifications.updatePreferences.request.safeParse({ ...base, fax: { enabled: true, events: [] } }).success).toBe(false);
    expect(await h.failUnchecked(api.notifications.updatePreferences, { ...base, pigeon: { enabled: true, events: [] } }, user)).toMatchObject({ kind: 'VALIDATION' });
  });

  it('keeps voice alerts (default off at 07:00) and refuses a wake time that is not HH:MM', async () => {
    const user = h.newUser();
    expect(await h.call(api.notifications.voiceAlerts, {}, user)).toEqual({ enabled: false, wakeTime: '07:00' });
    expect(await h.call(api.notifications.updateVoiceAlerts, { enabled: true, wakeTime: '06:45' }, user)).toEqual({ enabled: true, wakeTime: '06:45' });
    expect(await h.call(api.notifications.voiceAlerts, {}, user)).toEqual({ enabled: true, wakeTime: '06:45' });
    expect(await h.failUnchecked(api.notifications.updateVoiceAlerts, { enabled: true, wakeTime: '25:00' }, user)).toMatchObject({ kind: 'VALIDATION' });
  });
});

describe('location', () => {
  it('saves, answers and deletes the caller’s location only; refuses out-of-range coordinates', async () => {
    const [alice, bob] = [h.newUser(), h.newUser()];
    expect(await h.call(api.notifications.getLocation, {}, alice)).toEqual({ hasLocation: false });
    await h.call(api.notifications.setLocation, { lat: 40.7, lon: -74, locationName: 'New York' }, alice);
    expect(await h.call(api.notifications.getLocation, {}, alice)).toEqual({ hasLocation: true, lat: 40.7, lon: -74, locationName: 'New York' });
    expect(await h.call(api.notifications.getLocation, {}, bob)).toEqual({ hasLocation: false });
    expect(await h.call(api.notifications.smartLocation, { lat: 40.71, lon: -74.01 }, alice)).toEqual({ notifications: [] });
    expect(await h.call(api.notifications.getLocation, {}, alice)).toMatchObject({ lat: 40.71, locationName: 'New York' });
    expect(await h.failUnchecked(api.notifications.setLocation, { lat: 91, lon: 0 }, alice)).toMatchObject({ kind: 'VALIDATION' });
    expect(await h.call(api.notifications.deleteLocation, {}, alice)).toEqual({ hasLocation: false });
    expect(await h.call(api.notifications.getLocation, {}, alice)).toEqual({ hasLocation: false });
  });
});

describe('push', () => {
  it('answers the VAPID public key generated once and kept in the schema', async () => {
    const { publicKey } = await h.call(api.notifications.pushPublicKey, {}, h.newUser());
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    const [row] = await h.dataSource.query('SELECT public_key FROM notifications.vapid_keys');
    expect(row.public_key).toBe(publicKey);
    const replica = await h.startReplica();
    expect(replica.app.get((await import('./push/vapid-keys.service')).VapidKeysService).vapid.publicKey).toBe(publicKey);
    // Stopped: the restart tests below count on being the only replica.
    await replica.close();
  });

  it('sends an encrypted, VAPID-signed push with a TTL that the subscription’s keys decrypt', async () => {
    const user = h.newUser();
    expect(await h.call(api.notifications.pushTest, {}, user)).toEqual({ hasPushSubscriptions: false, result: { push: false } });
    await h.call(api.notifications.pushSubscribe, push.subscription('ok', `test-${user.id}`), user);
    expect(await h.call(api.notifications.pushTest, {}, user)).toEqual({ hasPushSubscriptions: true, result: { push: true } });
    const got = push.received.find((r) => r.path === `/ok/test-${user.id}`)!;
    expect(got.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(got.headers.ttl)).toBeGreaterThan(0);
    const { publicKey } = await h.call(api.notifications.pushPublicKey, {}, user);
    expect(got.headers.authorization).toMatch(new RegExp(`^vapid t=[^,]+, k=${publicKey}$`));
    expect(got.payload).toMatchObject({ title: 'Jarvis', body: 'Push notifications are working.' });
  });

  it('removes a subscription its push service answers 410 for', async () => {
    const user = h.newUser();
    await h.call(api.notifications.pushSubscribe, push.subscription('gone', `g-${user.id}`), user);
    expect(await h.call(api.notifications.pushTest, {}, user)).toEqual({ hasPushSubscriptions: true, result: { push: false } });
    expect(await h.dataSource.query('SELECT 1 FROM notifications.push_subscriptions WHERE user_id = $1', [user.id])).toHaveLength(0);
  });

  it("answers 404 for unsubscribing another user's endpoint and keeps it; the owner can", async () => {
    const [alice, bob] = [h.newUser(), h.newUser()];
    const sub = push.subscription('ok', `u-${alice.id}`);
    await h.call(api.notifications.pushSubscribe, sub, alice);
    expect(await h.fail(api.notifications.pushUnsubscribe, { endpoint: sub.endpoint }, bob)).toMatchObject({ kind: 'NOT_FOUND' });
    expect(await h.call(api.notifications.pushUnsubscribe, { endpoint: sub.endpoint }, alice)).toEqual({ success: true });
  });

  it('refuses a subscription without a URL endpoint with 400', async () => {
    expect(await h.failUnchecked(api.notifications.pushSubscribe, { endpoint: 'nope', keys: { p256dh: 'a', auth: 'b' } }, h.newUser())).toMatchObject({
      kind: 'VALIDATION',
    });
  });
});

describe('delivery of events into the inbox and channels', () => {
  it('turns a due reminder into one inbox entry, one push and one e-mail by preference, and tells the browser', async () => {
    const user = h.newUser();
    await h.call(api.notifications.pushSubscribe, push.subscription('ok', `d-${user.id}`), user);
    await h.call(
      api.notifications.updatePreferences,
      { sms: { enabled: false, events: [] }, push: { enabled: true, events: ['reminder'] }, email: { enabled: true, events: ['reminder'] } },
      user,
    );
    const mailsBefore = smtp.received.length;
    const payload = { reminderId: crypto.randomUUID(), userId: user.id, title: 'Call mom', dueAt: new Date().toISOString() };
    await publish('evt.calendar.reminder.due', payload, `rem-${payload.reminderId}`);
    const [entry] = await inboxOf(user, 1);
    expect(entry).toMatchObject({ type: 'reminder', title: 'Reminder', message: 'Call mom', read: false });
    // A redelivery (another publish id for the same event is a different event; the same id is deduped at every step).
    await h.get(DeliveryService).receive({ id: `rem-${payload.reminderId}`, name: 'evt.calendar.reminder.due', occurredAt: '', data: payload });
    await h.get(DeliveryService).settled();
    expect(await h.call(api.notifications.list, {}, user)).toHaveLength(1);
    expect(push.received.filter((r) => r.path === `/ok/d-${user.id}`).map((r) => r.payload)).toEqual([
      expect.objectContaining({ title: 'Reminder', body: 'Call mom', notificationId: entry.id }),
    ]);
    const mails = smtp.received.slice(mailsBefore).filter((m) => m.includes(`${user.id}@example.com`));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatch(/^Subject: Jarvis: Reminder/m);
    expect(live.messages.some((m) => m.subject === `live.${user.id}.notifications`)).toBe(true);
  });

  it('e-mails nothing to an address that is not verified (the job fails for good), while push still goes out', async () => {
    const user = h.newUser();
    unverifiedEmails.add(user.id);
    await h.call(api.notifications.pushSubscribe, push.subscription('ok', `uv-${user.id}`), user);
    await h.call(
      api.notifications.updatePreferences,
      { sms: { enabled: false, events: [] }, push: { enabled: true, events: ['reminder'] }, email: { enabled: true, events: ['reminder'] } },
      user,
    );
    const mailsBefore = smtp.received.length;
    await publish('evt.calendar.reminder.due', { reminderId: crypto.randomUUID(), userId: user.id, title: 'Call mom', dueAt: '' }, `uv-${user.id}`);
    const [entry] = await inboxOf(user, 1);
    expect(smtp.received.slice(mailsBefore).filter((m) => m.includes(`${user.id}@example.com`))).toEqual([]);
    const job = await h.get(JobQueue).queue(QUEUES.notificationChannels).getJob(`${entry.id}-email`);
    expect(await job!.getState()).toBe('failed');
    expect(job!.failedReason).toMatch(/not verified/);
    expect(push.received.filter((r) => r.path === `/ok/uv-${user.id}`)).toHaveLength(1);
  });

  it('makes a phone message whose caller asked for a call back a callback_request entry', async () => {
    const user = h.newUser();
    await publish('evt.telephony.phone-message.received', { phoneMessageId: crypto.randomUUID(), userId: user.id, priority: 'normal', callbackRequested: true }, `cb-${user.id}`);
    const [entry] = await inboxOf(user, 1);
    expect(entry).toMatchObject({ type: 'callback_request', title: 'Callback requested', message: 'A caller asked you to call them back.' });
  });

  it('makes an urgent phone message an urgent_message entry and skips channels whose kinds are off', async () => {
    const user = h.newUser();
    await h.call(api.notifications.pushSubscribe, push.subscription('ok', `p-${user.id}`), user);
    await publish('evt.telephony.phone-message.received', { phoneMessageId: crypto.randomUUID(), userId: user.id, priority: 'urgent' }, `pm-${user.id}`);
    const [entry] = await inboxOf(user, 1);
    expect(entry).toMatchObject({ type: 'urgent_message', title: 'Urgent phone message' });
    // Default push kinds do not include urgent_message.
    expect(push.received.filter((r) => r.path === `/ok/p-${user.id}`)).toHaveLength(0);
  });
});

describe('SMS through telephony', () => {
  it('texts the number in the preferences once through telephony.sms.deliver for an enabled kind', async () => {
    const user = h.newUser();
    await saveWithVerifiedNumber(user, {
      sms: { enabled: true, events: ['phone_call'], phoneNumber: '+15551234567' },
      push: { enabled: false, events: [] },
      email: { enabled: false, events: [] },
    });
    const telephony = await telephonySms(() => smsSent);
    try {
      await publish('evt.telephony.phone-message.received', { phoneMessageId: crypto.randomUUID(), userId: user.id, priority: 'normal' }, `sms-${user.id}`);
      await inboxOf(user, 1);
      const texts = telephony.bodies().map((request) => request.data);
      expect(texts.filter((t) => t.userId === user.id)).toEqual([{ userId: user.id, to: '+15551234567', body: 'New phone message: A caller left you a message.' }]);
    } finally {
      await telephony.stop();
    }
  });
});

describe('channel retries', () => {
  it('retries a failing channel with backoff until it is delivered once, while the inbox and the other channel go on', async () => {
    const user = h.newUser();
    await h.call(api.notifications.pushSubscribe, push.subscription('ok', `r-${user.id}`), user);
    await saveWithVerifiedNumber(user, {
      sms: { enabled: true, events: ['reminder'], phoneNumber: '+15551234567' },
      push: { enabled: true, events: ['reminder'] },
      email: { enabled: false, events: [] },
    });
    const arrived: number[] = [];
    const refusedAt: number[] = [];
    const texts: SmsRequest[] = [];
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    // Telephony hangs on the first attempt, then is down once more, then sends it.
    const telephony = await telephonySms(async (data) => {
      const attempt = arrived.push(Date.now());
      if (attempt === 1) await released;
      if (attempt <= 2) {
        refusedAt.push(Date.now());
        throw smsRefused('SERVICE_UNAVAILABLE', 'Twilio is unavailable');
      }
      texts.push(data);
      return smsSent;
    });
    try {
      await publish('evt.calendar.reminder.due', { reminderId: crypto.randomUUID(), userId: user.id, title: 'Feed the cat', dueAt: '' }, `retry-${user.id}`);
      await h.waitFor(() => arrived.length === 1, { timeoutMs: 10_000, message: 'the first SMS attempt' });
      // While that attempt hangs, the entry is in the inbox and the push is out.
      expect(await h.call(api.notifications.list, {}, user)).toHaveLength(1);
      await h.waitFor(() => push.received.some((r) => r.path === `/ok/r-${user.id}`), { timeoutMs: 10_000, message: 'the push' });
      release();
      await h.get(DeliveryService).settled();
      await sleep(2 * BACKOFF_MS);
      expect(texts).toEqual([{ userId: user.id, to: '+15551234567', body: 'Reminder: Feed the cat' }]);
      expect(arrived).toHaveLength(3);
      // Backoff from each failure: 250 ms, then doubled.
      expect(arrived[1]! - refusedAt[0]!).toBeGreaterThanOrEqual(BACKOFF_MS - 20);
      expect(arrived[2]! - refusedAt[1]!).toBeGreaterThanOrEqual(2 * BACKOFF_MS - 20);
      expect(push.received.filter((r) => r.path === `/ok/r-${user.id}`)).toHaveLength(1);
    } finally {
      release();
      await telephony.stop();
    }
  });

  it('does not retry an SMS that telephony refuses outright (a 4xx), and marks the job failed', async () => {
    const user = h.newUser();
    await saveWithVerifiedNumber(user, {
      sms: { enabled: true, events: ['reminder'], phoneNumber: '+15550000000' },
      push: { enabled: false, events: [] },
      email: { enabled: false, events: [] },
    });
    let attempts = 0;
    const telephony = await telephonySms(() => {
      attempts++;
      throw smsRefused('VALIDATION', 'to is not a number we can text');
    });
    try {
      await publish('evt.calendar.reminder.due', { reminderId: crypto.randomUUID(), userId: user.id, title: 'Nope', dueAt: '' }, `refused-${user.id}`);
      const [entry] = await inboxOf(user, 1);
      await sleep(2 * BACKOFF_MS);
      expect(attempts).toBe(1);
      const job = await h.get(JobQueue).queue(QUEUES.notificationChannels).getJob(`${entry.id}-sms`);
      expect(await job!.getState()).toBe('failed');
      expect(job!.failedReason).toMatch(/VALIDATION/);
    } finally {
      await telephony.stop();
    }
  });
});

describe('the inbox', () => {
  it("lists newest first, marks read, marks all read and deletes the caller's entries; another user's id is 404", async () => {
    const [alice, bob] = [h.newUser(), h.newUser()];
    for (let i = 0; i < 3; i++) {
      await publish('evt.calendar.reminder.due', { reminderId: `r${i}`, userId: alice.id, title: `R${i}`, dueAt: '' }, `inbox-${alice.id}-${i}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const list = await inboxOf(alice, 3);
    expect(list.map((n) => n.message)).toEqual(['R2', 'R1', 'R0']);
    expect(await h.fail(api.notifications.markRead, { id: list[0].id }, bob)).toMatchObject({ kind: 'NOT_FOUND' });
    expect(await h.fail(api.notifications.remove, { id: list[0].id }, bob)).toMatchObject({ kind: 'NOT_FOUND' });
    expect(await h.failUnchecked(api.notifications.remove, { id: 'not-a-uuid' }, bob)).toMatchObject({ kind: expect.stringMatching(/NOT_FOUND|VALIDATION/) });
    expect((await h.call(api.notifications.markRead, { id: list[0].id }, alice)).read).toBe(true);
    expect(await h.call(api.notifications.markAllRead, {}, bob)).toEqual({ updated: 0 });
    expect(await h.call(api.notifications.markAllRead, {}, alice)).toEqual({ updated: 2 });
    expect(await h.call(api.notifications.remove, { id: list[1].id }, alice)).toEqual({ success: true });
    expect((await h.call(api.notifications.list, {}, alice)).map((n) => [n.message, n.read])).toEqual([
      ['R2', true],
      ['R0', true],
    ]);
    expect(await h.call(api.notifications.list, {}, bob)).toEqual([]);
  });
});

// Last: it stops the first replica.
describe('a consumer that was down', () => {
  it('delivers each event kind once per enabled channel, with the replica stopped while channels wait for a retry and another started', async () => {
    const user = h.newUser();
    const id = user.id;
    const kinds = ['reminder' as const, 'urgent_message' as const, 'phone_call' as const];
    await h.call(api.notifications.pushSubscribe, push.subscription('ok', `k-${id}`), user);
    await saveWithVerifiedNumber(user, {
      sms: { enabled: true, events: kinds, phoneNumber: '+15557654321' },
      push: { enabled: true, events: kinds },
      email: { enabled: true, events: kinds },
    });
    const mailsBefore = smtp.received.length;
    // Telephony holds the first replica's SMS attempts, fails them as it stops, and sends once another replica runs.
    let phase: 'hold' | 'down' | 'up' = 'hold';
    const held: ((refusal: DomainError) => void)[] = [];
    const texts: string[] = [];
    const telephony = await telephonySms((data) => {
      if (phase === 'hold') return new Promise((_sent, refuse) => held.push(refuse));
      if (phase === 'down') throw smsRefused('SERVICE_UNAVAILABLE', 'Twilio is unavailable');
      texts.push(data.body);
      return smsSent;
    });
    let replica: Awaited<ReturnType<typeof h.startReplica>> | undefined;
    try {
      await publish('evt.calendar.reminder.due', { reminderId: `k1-${id}`, userId: id, title: 'Call mom', dueAt: '' }, `k1-${id}`);
      await publish('evt.telephony.phone-message.received', { phoneMessageId: `k2-${id}`, userId: id, priority: 'urgent' }, `k2-${id}`);
      await publish('evt.telephony.phone-message.received', { phoneMessageId: `k3-${id}`, userId: id, priority: 'normal' }, `k3-${id}`);
      await publish('evt.telephony.call.completed', { callId: `k4-${id}`, userId: id, status: 'completed' }, `k4-${id}`);
      await publish('evt.calendar.booking.confirmed', { bookingId: `k5-${id}`, userId: id, start: '2026-12-01T15:00:00Z', bookerName: 'Ada' }, `k5-${id}`);
      await publish('evt.billing.payment.failed', { userId: id, invoiceId: `k6-${id}` }, `k6-${id}`);
      // Every event made its entry and queued its channels; each SMS job is in its first attempt.
      await h.waitFor(() => held.length === 6, { timeoutMs: 10_000, message: 'six SMS attempts' });
      phase = 'down';
      const stopping = h.service.close();
      for (const refuse of held) refuse(smsRefused('SERVICE_UNAVAILABLE', 'Twilio is unavailable'));
      await stopping;
      expect(texts).toEqual([]);
      // While no replica runs: one more event, and the SMS retries fall due with nobody to run them.
      await publish('evt.calendar.reminder.due', { reminderId: `k7-${id}`, userId: id, title: 'Water plants', dueAt: '' }, `k7-${id}`);
      await sleep(2 * BACKOFF_MS);
      phase = 'up';
      replica = await h.startReplica();
      const list = await inboxOf(user, 7);
      await replica.app.get(DeliveryService).settled();
      await sleep(2 * BACKOFF_MS);
      await replica.app.get(DeliveryService).settled();

      expect(list).toHaveLength(7);
      expect(await h.call(api.notifications.list, {}, user)).toHaveLength(7);
      expect(list.map((n) => n.type).sort()).toEqual(['payment_failed', 'phone_call', 'phone_call', 'reminder', 'reminder', 'reminder', 'urgent_message']);
      const pushed = push.received.filter((r) => r.path === `/ok/k-${id}`).map((r) => (r.payload as { notificationId: string }).notificationId);
      expect(pushed.sort()).toEqual(list.map((n) => n.id).sort());
      const mails = smtp.received.slice(mailsBefore).filter((m) => m.includes(`${id}@example.com`));
      expect(subjectsOf(mails).sort()).toEqual(list.map((n) => `Jarvis: ${n.title}`).sort());
      expect(texts.sort()).toEqual(list.map((n) => `${n.title}: ${n.message}`).sort());
    } finally {
      await telephony.stop();
      // The next test wants the consumer down again.
      await replica?.close();
    }
  });

  it('catches up on the events published while it was away, once each, and tells of a failed payment', async () => {
    const user = h.newUser();
    await h.service.close();
    await publish('evt.billing.payment.failed', { userId: user.id, invoiceId: 'in_1' }, `pf-${user.id}`);
    await publish('evt.calendar.booking.confirmed', { bookingId: 'b1', userId: user.id, start: '2026-12-01T15:00:00Z', bookerName: 'Ada' }, `bk-${user.id}`);
    const replica = await h.startReplica();
    const list = await inboxOf(user, 2);
    await replica.app.get(DeliveryService).settled();
    await new Promise((r) => setTimeout(r, 300));
    expect(await h.call(api.notifications.list, {}, user)).toHaveLength(2);
    expect(list.map((n) => [n.type, n.title]).sort()).toEqual([
      ['payment_failed', 'Payment failed'],
      ['reminder', 'New booking'],
    ]);
    expect(list.find((n) => n.type === 'reminder')!.message).toBe('Ada booked Dec 1, 2026, 10:00 AM');
  });
});
