// Across features: saving a number (preferences) starts its verification, and delivery texts only a verified number.
import { api, DomainError, ErrorKind, type EventMap, type EventName } from '@jarvis/contracts';
import { EventBus } from '@jarvis/platform';
import { type Published, type ServiceHarness, startServiceHarness, type TestUser } from '@jarvis/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppModule } from './app.module';
import { DeliveryService } from './delivery/delivery.service';

type SmsRequest = { userId: string; to: string; body: string };

let h: ServiceHarness;
/** Every text telephony was asked to send, and how it answers the next ones. */
let telephony: Published<{ data: SmsRequest }>;
const sent = () => ({ sid: 'SM1' });
let answer: () => unknown = sent;

beforeAll(async () => {
  h = await startServiceHarness('notifications', AppModule, { label: 'sms-verification', env: { NOTIFICATION_RETRY_BACKOFF_MS: '50' } });
  telephony = await h.published('telephony.sms.deliver', { reply: () => answer() });
});
afterEach(() => {
  answer = sent;
});
afterAll(async () => {
  await h?.close();
});

const prefs = (phoneNumber: string, enabled = true) => ({
  sms: { enabled, events: ['reminder' as const], phoneNumber },
  push: { enabled: false, events: [] },
  email: { enabled: false, events: [] },
});
const textsTo = (user: TestUser) => telephony.bodies().map((request) => request.data).filter((t) => t.userId === user.id);
/** The code in the last text sent to the user. */
const lastCode = (user: TestUser) => /\b(\d{6})\b/.exec(textsTo(user).at(-1)!.body)![1];
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
/** As if the last code had been sent long enough ago for the minute between codes to have passed. */
const minuteLater = (user: TestUser) =>
  h.dataSource.query(`UPDATE notifications.sms_number_verifications SET last_sent_at = now() - interval '61 seconds' WHERE user_id = $1`, [user.id]);
const publish = <N extends EventName>(name: N, data: EventMap[N], id: string) => new EventBus(h.nc, h.env.natsPrefix).publish(name, data, id);

async function reminderTexts(user: TestUser, title: string) {
  await publish('evt.calendar.reminder.due', { reminderId: crypto.randomUUID(), userId: user.id, title, dueAt: '' }, `${title}-${user.id}`);
  await h.waitFor(async () => (await h.call(api.notifications.list, {}, user)).some((n) => n.message === title), { message: `the inbox entry '${title}'` });
  await h.get(DeliveryService).settled();
  return textsTo(user).filter((t) => t.body === `Reminder: ${title}`);
}

describe('the SMS notification number is verified before anything is texted to it', () => {
  it('saving a new number texts it a 6-digit code through telephony; the code typed back verifies it', async () => {
    const user = h.newUser();
    const saved = await h.call(api.notifications.updatePreferences, prefs('+1 (555) 201-0001'), user);
    expect(saved.sms.phoneNumber).toBe('+15552010001');
    expect(textsTo(user)).toEqual([
      { userId: user.id, to: '+15552010001', body: expect.stringMatching(/^Your Jarvis verification code is \d{6}\. It expires in 10 minutes\.$/) },
    ]);
    const pending = await h.call(api.notifications.smsVerification, {}, user);
    expect(pending).toMatchObject({ phoneNumber: '+15552010001', verified: false, codePending: true, remainingTries: 5 });
    expect(new Date(pending.expiresAt!).getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(new Date(pending.expiresAt!).getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    const verified = await h.call(api.notifications.verifySms, { code: lastCode(user) }, user);
    expect(verified).toMatchObject({ phoneNumber: '+15552010001', verified: true, codePending: false });
    // Saving the same number again keeps it verified and sends nothing.
    await h.call(api.notifications.updatePreferences, prefs('+15552010001'), user);
    expect(textsTo(user)).toHaveLength(1);
    expect((await h.call(api.notifications.smsVerification, {}, user)).verified).toBe(true);
  });

  it('texts no notification to a number until it is verified, then texts it', async () => {
    const user = h.newUser();
    await h.call(api.notifications.updatePreferences, prefs('+15552010002'), user);
    expect(await reminderTexts(user, 'Before verifying')).toEqual([]);
    await h.call(api.notifications.verifySms, { code: lastCode(user) }, user);
    expect(await reminderTexts(user, 'After verifying')).toEqual([{ userId: user.id, to: '+15552010002', body: 'Reminder: After verifying' }]);
  });

  it('a changed number starts unverified and gets its own code; the old code does not verify it', async () => {
    const user = h.newUser();
    await h.call(api.notifications.updatePreferences, prefs('+15552010003'), user);
    const oldCode = lastCode(user);
    await h.call(api.notifications.verifySms, { code: oldCode }, user);
    await minuteLater(user);
    await h.call(api.notifications.updatePreferences, prefs('+15552010004'), user);
    expect(textsTo(user).map((t) => t.to)).toEqual(['+15552010003', '+15552010004']);
    expect(await h.call(api.notifications.smsVerification, {}, user)).toMatchObject({ phoneNumber: '+15552010004', verified: false, codePending: true });
    expect(await reminderTexts(user, 'After the change')).toEqual([]);
    if (oldCode !== lastCode(user)) {
      expect(await h.fail(api.notifications.verifySms, { code: oldCode }, user)).toMatchObject({ kind: 'VALIDATION', code: 'SMS_CODE_WRONG' });
    }
  });

  it('answers a wrong code 400 with the tries left; the fifth voids the code, so a new one must be sent', async () => {
    const user = h.newUser();
    await h.call(api.notifications.updatePreferences, prefs('+15552010005'), user);
    const code = lastCode(user);
    for (const left of [4, 3, 2, 1]) {
      const error = await h.fail(api.notifications.verifySms, { code: wrong(code) }, user);
      expect(error).toMatchObject({ kind: 'VALIDATION', code: 'SMS_CODE_WRONG', details: { remainingTries: left, fields: { code: [expect.stringContaining(`${left} ${left === 1 ? 'try' : 'tries'} left`)] } } });
    }
    expect(await h.fail(api.notifications.verifySms, { code: wrong(code) }, user)).toMatchObject({ code: 'SMS_CODE_VOID', details: { remainingTries: 0 } });
    // The right code no longer works either.
    expect(await h.fail(api.notifications.verifySms, { code }, user)).toMatchObject({ code: 'SMS_CODE_VOID' });
    expect(await h.call(api.notifications.smsVerification, {}, user)).toMatchObject({ verified: false, codePending: false });
    await minuteLater(user);
    await h.call(api.notifications.resendSmsCode, {}, user);
    expect(await h.call(api.notifications.verifySms, { code: lastCode(user) }, user)).toMatchObject({ verified: true });
  });

  it('gives ten wrong codes sent at once no more than five tries', async () => {
    const user = h.newUser();
    await h.call(api.notifications.updatePreferences, prefs('+15552010006'), user);
    const code = lastCode(user);
    const errors = await Promise.all(Array.from({ length: 10 }, () => h.fail(api.notifications.verifySms, { code: wrong(code) }, user)));
    expect(errors.filter((e) => e.code === 'SMS_CODE_WRONG')).toHaveLength(4);
    expect(errors.filter((e) => e.code === 'SMS_CODE_VOID')).toHaveLength(6);
    expect(await h.fail(api.notifications.verifySms, { code }, user)).toMatchObject({ code: 'SMS_CODE_VOID' });
  });

  it('refuses a code after its 10 minutes', async () => {
    const user = h.newUser();
    await h.call(api.notifications.updatePreferences, prefs('+15552010007'), user);
    await h.dataSource.query(`UPDATE notifications.sms_number_verifications SET code_expires_at = now() - interval '1 second' WHERE user_id = $1`, [user.id]);
    expect(await h.fail(api.notifications.verifySms, { code: lastCode(user) }, user)).toMatchObject({ kind: 'VALIDATION', code: 'SMS_CODE_EXPIRED' });
    expect(await h.call(api.notifications.smsVerification, {}, user)).toMatchObject({ verified: false, codePending: false });
  });

  it('sends a user one code a minute and five an hour, whatever the numbers, answering 429 with Retry-After', async () => {
    const user = h.newUser();
    await h.call(api.notifications.updatePreferences, prefs('+15552010008'), user);
    const soon = await h.fail(api.notifications.resendSmsCode, {}, user);
    expect(soon).toMatchObject({ kind: 'RATE_LIMITED' });
    expect((soon as DomainError).details?.retryAfterSeconds).toBeGreaterThan(50);
    expect((await h.call(api.notifications.smsVerification, {}, user)).resendAfterSeconds).toBeGreaterThan(50);
    // A new number within the minute is saved but sent no code.
    await h.call(api.notifications.updatePreferences, prefs('+15552010009'), user);
    expect(textsTo(user)).toHaveLength(1);
    for (let i = 0; i < 4; i++) {
      await minuteLater(user);
      await h.call(api.notifications.resendSmsCode, {}, user);
    }
    expect(textsTo(user)).toHaveLength(5);
    await minuteLater(user);
    await h.call(api.notifications.updatePreferences, prefs('+15552010010'), user);
    const hourly = await h.fail(api.notifications.resendSmsCode, {}, user);
    expect(hourly).toMatchObject({ kind: 'RATE_LIMITED' });
    expect((hourly as DomainError).details?.retryAfterSeconds).toBeGreaterThan(3_000);
    expect(textsTo(user)).toHaveLength(5);
  });

  it('keeps the number when its code cannot be sent, and the resend says why', async () => {
    const user = h.newUser();
    answer = () => {
      throw new DomainError(ErrorKind.RateLimited, 'You can send at most 50 text messages a day', { code: 'RATE_LIMITED', details: { retryAfterSeconds: 3600 } });
    };
    expect((await h.call(api.notifications.updatePreferences, prefs('+15552010011'), user)).sms.phoneNumber).toBe('+15552010011');
    expect(await h.call(api.notifications.smsVerification, {}, user)).toMatchObject({ phoneNumber: '+15552010011', verified: false, codePending: false });
    await minuteLater(user);
    expect(await h.fail(api.notifications.resendSmsCode, {}, user)).toMatchObject({ kind: 'RATE_LIMITED', message: 'You can send at most 50 text messages a day' });
  });

  it('refuses a number without a country code with 400 naming the field, and a malformed code with 400', async () => {
    const user = h.newUser();
    const error = await h.fail(api.notifications.updatePreferences, prefs('555-0100'), user);
    expect(error).toMatchObject({ kind: 'VALIDATION', details: { fields: { 'sms.phoneNumber': ['Use international format with country code, e.g. +1234567890'] } } });
    expect((await h.call(api.notifications.preferences, {}, user)).sms.phoneNumber).toBe('');
    expect(await h.failUnchecked(api.notifications.verifySms, { code: '12ab56' }, user)).toMatchObject({ kind: 'VALIDATION' });
    expect(await h.fail(api.notifications.verifySms, { code: '123456' }, user)).toMatchObject({ code: 'SMS_NUMBER_MISSING' });
  });

  it("keeps each user's verification their own", async () => {
    const [alice, bob] = [h.newUser(), h.newUser()];
    await h.call(api.notifications.updatePreferences, prefs('+15552010012'), alice);
    await h.call(api.notifications.updatePreferences, prefs('+15552010013'), bob);
    const aliceCode = lastCode(alice);
    if (aliceCode !== lastCode(bob)) {
      expect(await h.fail(api.notifications.verifySms, { code: aliceCode }, bob)).toMatchObject({ code: 'SMS_CODE_WRONG' });
    }
    await h.call(api.notifications.verifySms, { code: aliceCode }, alice);
    expect((await h.call(api.notifications.smsVerification, {}, alice)).verified).toBe(true);
    expect((await h.call(api.notifications.smsVerification, {}, bob)).verified).toBe(false);
  });

  // Last: it takes the schema back to before this feature's migration and forward again.
  it('starts a number saved before verification existed unverified, texting nothing to it', async () => {
    const user = h.newUser();
    const applied = async () =>
      ((await h.dataSource.query(`SELECT 1 FROM "notifications"."migrations" WHERE name = 'ContactAttemptsAndSmsVerification1764608813421'`)) as unknown[])
        .length > 0;
    while (await applied()) await h.dataSource.undoLastMigration({ transaction: 'each' });
    await h.dataSource.query(`INSERT INTO "notifications"."notification_preferences" (user_id, preferences) VALUES ($1, $2)`, [
      user.id,
      JSON.stringify(prefs('+1 (555) 201-0099')),
    ]);
    await h.dataSource.runMigrations({ transaction: 'each' });
    expect(await h.call(api.notifications.smsVerification, {}, user)).toMatchObject({ phoneNumber: '+15552010099', verified: false, codePending: false });
    expect(await reminderTexts(user, 'Saved before')).toEqual([]);
    await h.call(api.notifications.resendSmsCode, {}, user);
    expect(textsTo(user).map((t) => t.to)).toEqual(['+15552010099']);
  });
});
