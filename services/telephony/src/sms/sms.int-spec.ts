import { api, DomainError, ErrorKind, internalApi, RateLimitedError } from '@jarvis/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTelephony, type TelephonyHarness } from '../testing/telephony-harness';
import { DAILY_SMS_LIMIT, DAILY_SMS_PER_RECIPIENT } from './sms.constants';
import { SmsService } from './sms.service';

let h: TelephonyHarness;
beforeAll(async () => {
  h = await startTelephony('sms', { TWILIO_PHONE_NUMBER: '+15550009999' });
});
afterAll(() => h?.close());

describe('texts', () => {
  it('a text to a line becomes a phone message tagged sms, once per MessageSid, with no automatic reply', async () => {
    const alice = h.newUser();
    const line = await h.newLine(alice, h.twilio);
    const text = { MessageSid: 'SM11111111111111111111111111111111', From: '+15557654321', To: line, Body: 'Can you call me back?' };
    const reply = await h.webhook('/sms', text);
    await h.webhook('/sms', text);
    expect(reply.status).toBe(200);
    expect(reply.body).not.toContain('<Message');
    const messages = await h.call(api.telephony.phoneMessages, {}, alice);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ caller_number: '+15557654321', transcript: 'Can you call me back?', callback_requested: true });
    expect(messages[0].tags).toContain('sms');
  });

  it('a text to a number of nobody is dropped', async () => {
    const reply = await h.webhook('/sms', { MessageSid: 'SM22222222222222222222222222222222', From: '+15557654321', To: '+15550000404', Body: 'hi' });
    expect(reply.status).toBe(200);
    expect(await h.dataSource.query(`SELECT 1 FROM telephony.phone_messages WHERE source_sid = 'SM22222222222222222222222222222222'`)).toHaveLength(0);
  });

  it('a bad signature on a text is 403 and keeps nothing', async () => {
    const alice = h.newUser();
    const line = await h.newLine(alice, h.twilio);
    const reply = await h.webhook('/sms', { MessageSid: 'SM33333333333333333333333333333333', From: '+15557654321', To: line, Body: 'hi' }, 'AAAA');
    expect(reply.status).toBe(403);
    expect(await h.call(api.telephony.phoneMessages, {}, alice)).toEqual([]);
  });

  it('sends from the user’s line through the SDK, or from TWILIO_PHONE_NUMBER without one', async () => {
    const sms = h.get(SmsService);
    const alice = h.newUser();
    const line = await h.newLine(alice, h.twilio);
    await sms.deliver(alice.id, '+15551112222', 'Hello from Jarvis');
    expect(h.twilio.sentMessages.at(-1)).toMatchObject({ from: line, to: '+15551112222', body: 'Hello from Jarvis' });
    await sms.deliver(h.newUser().id, '+15551112222', 'No line');
    expect(h.twilio.sentMessages.at(-1)).toMatchObject({ from: '+15550009999', body: 'No line' });
  });

  it('delivers notifications’ texts on telephony.sms.deliver, and refuses a bad number with a 4xx', async () => {
    const dave = h.newUser();
    const reply = await h.rpc.call(internalApi.telephony.deliverSms, { userId: dave.id, to: '+15553334444', body: 'Reminder: dentist' }, h.ctx(null));
    expect(reply.sid).toMatch(/^SM/);
    expect(h.twilio.sentMessages.at(-1)).toMatchObject({ from: '+15550009999', to: '+15553334444', body: 'Reminder: dentist' });
    const bad = await h.rpc.call(internalApi.telephony.deliverSms, { userId: dave.id, to: '555', body: 'x' }, h.ctx(null)).catch((e: unknown) => e);
    expect(bad).toMatchObject({ kind: ErrorKind.Validation });
  });

  it('refuses the 51st text of a day with 429, even when sent at once', async () => {
    const sms = h.get(SmsService);
    const bob = h.newUser();
    const to = (i: number) => `+1555111${String(i).padStart(4, '0')}`;
    const results = await Promise.allSettled(Array.from({ length: DAILY_SMS_LIMIT + 5 }, (_, i) => sms.deliver(bob.id, to(i), `n${i}`)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(DAILY_SMS_LIMIT);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(5);
    expect(refused[0].reason).toBeInstanceOf(RateLimitedError);
    expect((refused[0].reason as RateLimitedError).kind).toBe(ErrorKind.RateLimited);
  });
});

describe('what one user can aim at one phone', () => {
  it(`refuses the ${DAILY_SMS_PER_RECIPIENT + 1}th text of a day to the same number with 429 and Retry-After, even at once, and sends none of them`, async () => {
    const sms = h.get(SmsService);
    const eve = h.newUser();
    const victim = '+15552223333';
    const sentBefore = h.twilio.sentMessages.filter((m) => m.to === victim).length;
    const results = await Promise.allSettled(Array.from({ length: DAILY_SMS_PER_RECIPIENT + 5 }, (_, i) => sms.deliver(eve.id, victim, `spam ${i}`)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(DAILY_SMS_PER_RECIPIENT);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason as DomainError);
    expect(refused).toHaveLength(5);
    for (const error of refused) {
      expect(error).toMatchObject({ kind: ErrorKind.RateLimited, message: `You can send at most ${DAILY_SMS_PER_RECIPIENT} text messages a day to the same number` });
      expect(error.details?.retryAfterSeconds).toBeGreaterThan(0);
      expect(error.details?.retryAfterSeconds).toBeLessThanOrEqual(25 * 3600);
    }
    expect(h.twilio.sentMessages.filter((m) => m.to === victim).length - sentBefore).toBe(DAILY_SMS_PER_RECIPIENT);
    // Through notifications' channel too; another number still goes, and another user may still text the first.
    const again = await h.rpc.call(internalApi.telephony.deliverSms, { userId: eve.id, to: victim, body: 'x' }, h.ctx(null)).catch((e: unknown) => e);
    expect(again).toMatchObject({ kind: ErrorKind.RateLimited });
    await sms.deliver(eve.id, '+15552224444', 'Hi');
    await sms.deliver(h.newUser().id, victim, 'Hi');
  });
});

describe('where texts may go', () => {
  it('refuses a text outside the country of TWILIO_PHONE_NUMBER (no SMS_ALLOWED_COUNTRIES) or to a premium-rate number with 403, on both paths, and sends nothing', async () => {
    const sms = h.get(SmsService);
    const frank = h.newUser();
    const sent = h.twilio.sentMessages.length;
    // Germany, Jamaica (+1 but not the US), a US premium-rate number.
    for (const to of ['+4915112345678', '+18761234567', '+19009001234']) {
      const error = await sms.deliver(frank.id, to, 'Hello').catch((e: unknown) => e);
      expect(error, to).toMatchObject({ kind: ErrorKind.Forbidden });
      const channel = await h.rpc.call(internalApi.telephony.deliverSms, { userId: frank.id, to, body: 'Hello' }, h.ctx(null)).catch((e: unknown) => e);
      expect(channel, to).toMatchObject({ kind: ErrorKind.Forbidden });
    }
    expect(await sms.deliver(frank.id, '+4915112345678', 'x').catch((e: Error) => e.message)).toBe('Texts to Germany (DE) are not allowed on this Jarvis');
    expect(h.twilio.sentMessages.length).toBe(sent);
    await sms.deliver(frank.id, '+12125550123', 'Hello New York');
    expect(h.twilio.sentMessages.at(-1)).toMatchObject({ to: '+12125550123' });
  });
});
