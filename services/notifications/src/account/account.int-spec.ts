import { randomUUID } from 'node:crypto';
import { api, type EventEnvelope, internalApi, type UserProfile } from '@jarvis/contracts';
import { EventBus } from '@jarvis/platform';
import { rowsHoldingUser, type ServiceHarness, startServiceHarness, type TestUser } from '@jarvis/testing';
import { startPushFake } from '@jarvis/testing/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppModule } from '../app.module';

let h: ServiceHarness;
let push: Awaited<ReturnType<typeof startPushFake>>;
let reports: { bodies(): { data: { userId: string; service: string } }[] };
let texts: { bodies(): { data: { userId: string; to: string; body: string } }[] };

beforeAll(async () => {
  push = await startPushFake();
  h = await startServiceHarness('notifications', AppModule, {
    label: 'notifaccount',
    env: { SMTP_URL: undefined, VAPID_PUBLIC_KEY: undefined, VAPID_PRIVATE_KEY: undefined, WEB_PUSH_ALLOWED_HOSTS: '127.0.0.1', ALLOW_PRIVATE_NETWORK_TARGETS: '1' },
  });
  await h.published<{ data: { userId: string } }>('identity.users.profile', {
    reply: ({ body: { data } }): UserProfile => ({ id: data.userId, username: 'u', firstName: null, lastName: null, email: null, emailVerified: false, tier: 'free' }),
  });
  texts = await h.published(internalApi.telephony.deliverSms, { reply: () => ({ sid: `SM${randomUUID().replace(/-/g, '')}` }) });
  reports = await h.published(internalApi.identity.reportAccountErased, { reply: () => ({ recorded: true }) });
});
afterAll(async () => {
  await h?.close();
  await push?.close();
});

const archiveKey = () => randomUUID().replace(/-/g, '').padEnd(64, '0');

/** An inbox entry (a reminder came due), channels with an SMS number, the voice briefing, a position, a push subscription, a support message. */
async function filledUser(): Promise<TestUser> {
  const user = h.newUser();
  await new EventBus(h.nc, h.env.natsPrefix).publish(
    'evt.calendar.reminder.due', { reminderId: randomUUID(), userId: user.id, title: 'Call mom', dueAt: new Date().toISOString() }, randomUUID(),
  );
  await h.waitFor(async () => (await h.call(api.notifications.list, {}, user)).length === 1);
  await h.call(api.notifications.updatePreferences, {
    sms: { enabled: true, events: ['reminder'], phoneNumber: '+12125550199' }, push: { enabled: true, events: ['reminder'] }, email: { enabled: false, events: [] },
  }, user);
  await h.call(api.notifications.updateVoiceAlerts, { enabled: true, wakeTime: '06:30' }, user);
  await h.call(api.notifications.setLocation, { lat: 40.75, lon: -73.99, locationName: 'Midtown' }, user);
  await h.call(api.notifications.pushSubscribe, push.subscription('ok', `acc-${user.id}`), user);
  await h.call(api.notifications.contact, { name: 'Ann', email: 'ann@example.com', subject: 'Hello', message: 'A question' }, user);
  return user;
}

describe("notifications' part of an account archive", () => {
  it('exports the inbox, channels, briefing, SMS number (verified or not), position and support messages; no push keys', async () => {
    const user = await filledUser();
    const { files } = await h.call(internalApi.notifications.accountExport, {}, user);
    expect(files['notifications.json']).toEqual([expect.objectContaining({ type: 'reminder', read: false })]);
    expect(files['notification-preferences.json']).toEqual({
      preferences: expect.objectContaining({ sms: { enabled: true, events: ['reminder'], phoneNumber: '+12125550199' } }),
      voiceAlerts: { enabled: true, wakeTime: '06:30' },
      smsNumber: { phoneNumber: '+12125550199', verified: false },
      location: { lat: 40.75, lon: -73.99, locationName: 'Midtown', updatedAt: expect.any(String) },
    });
    expect(files['support-messages.json']).toEqual([expect.objectContaining({ subject: 'Hello', message: 'A question' })]);
    expect(JSON.stringify(files)).not.toMatch(/p256dh|"auth"|code_hash|codeHash/);
  });

  it('imports the inbox and the settings into another account, the SMS number unverified and no code sent, once per archive', async () => {
    const user = await filledUser();
    const { files } = await h.call(internalApi.notifications.accountExport, {}, user);
    const bob = h.newUser();
    const key = archiveKey();
    const textsBefore = texts.bodies().length;
    expect(await h.call(internalApi.notifications.accountImport, { archiveKey: key, files }, bob)).toEqual({
      imported: true, counts: { 'notifications.json': 1, 'notification-preferences.json': 1 },
    });
    expect((await h.call(api.notifications.list, {}, bob)).map((n) => n.title)).toEqual(files['notifications.json'].map((n) => n.title));
    expect(await h.call(api.notifications.preferences, {}, bob)).toMatchObject({ sms: { phoneNumber: '+12125550199', enabled: true } });
    expect(await h.call(api.notifications.smsVerification, {}, bob)).toMatchObject({ verified: false });
    expect(await h.call(api.notifications.voiceAlerts, {}, bob)).toEqual({ enabled: true, wakeTime: '06:30' });
    expect(texts.bodies().length).toBe(textsBefore);

    expect(await h.call(internalApi.notifications.accountImport, { archiveKey: key, files }, bob)).toEqual({ imported: false, counts: {} });
    expect(await h.call(api.notifications.list, {}, bob)).toHaveLength(1);
  });

  it('erases every row of a deleted account (push subscriptions and contact attempts too), once per event', async () => {
    const user = await filledUser();
    const other = await filledUser();
    const eventId = `account-deleted-${randomUUID()}`;
    await h.get(EventBus).publish('evt.identity.account.deleted', { userId: user.id }, eventId);
    await h.waitFor(() => reports.bodies().some((b) => b.data.userId === user.id && b.data.service === 'notifications'));
    expect(await rowsHoldingUser(h.dataSource, user.id, ['notifications'])).toEqual({});
    expect(await h.call(api.notifications.list, {}, other)).toHaveLength(1);
    expect(await h.call(api.notifications.pushTest, {}, other)).toMatchObject({ hasPushSubscriptions: true });

    const envelope: EventEnvelope<'evt.identity.account.deleted'> = { id: eventId, name: 'evt.identity.account.deleted', occurredAt: new Date().toISOString(), data: { userId: user.id } };
    await h.nc.jetstream().publish(`${h.env.natsPrefix}evt.identity.account.deleted`, JSON.stringify(envelope), { msgID: randomUUID() });
    expect(await h.call(internalApi.notifications.accountErase, { userId: user.id }, null)).toEqual({ done: true });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(reports.bodies().filter((b) => b.data.userId === user.id)).toHaveLength(1);
  });
});
