import { ErrorKind, internalApi } from '@jarvis/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTelephony, type TelephonyHarness } from '../testing/telephony-harness';
import { SmsService } from './sms.service';

const INSTALLATION_LIMIT = 12;

let h: TelephonyHarness;
beforeAll(async () => {
  h = await startTelephony('sms-limits', {
    TWILIO_PHONE_NUMBER: '+15550007000',
    SMS_DAILY_LIMIT: String(INSTALLATION_LIMIT),
    SMS_ALLOWED_COUNTRIES: 'us, GB',
  });
});
afterAll(() => h?.close());

describe('the installation’s texts', () => {
  it('go only to SMS_ALLOWED_COUNTRIES', async () => {
    const sms = h.get(SmsService);
    const ann = h.newUser();
    await sms.deliver(ann.id, '+442071234567', 'Hello London');
    await sms.deliver(ann.id, '+12125550123', 'Hello New York');
    expect(await sms.deliver(ann.id, '+4915112345678', 'Hallo').catch((e: unknown) => e)).toMatchObject({ kind: ErrorKind.Forbidden });
  });

  it('stop at SMS_DAILY_LIMIT a day across users and replicas, with 429 and Retry-After, through notifications’ channel too', async () => {
    const replica = await h.startReplica();
    const services = [h.get(SmsService), replica.app.get(SmsService)];
    // Everything this installation sent today so far counts.
    const sent = h.twilio.sentMessages.length;
    const already = sent;
    // Five users, five texts each to numbers of their own, half on each replica, all at once.
    const attempts = Array.from({ length: 5 }, () => h.newUser()).flatMap((user, u) =>
      Array.from({ length: 5 }, (_, i) => services[(u + i) % 2].deliver(user.id, `+1212555${u}${String(i).padStart(3, '0')}`, `text ${u}.${i}`)),
    );
    const results = await Promise.allSettled(attempts);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(INSTALLATION_LIMIT - already);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason as { kind: string; message: string; details?: { retryAfterSeconds?: number } });
    expect(refused).toHaveLength(attempts.length - (INSTALLATION_LIMIT - already));
    for (const error of refused) {
      expect(error).toMatchObject({ kind: ErrorKind.RateLimited, message: 'This Jarvis has sent as many text messages as it may today. Please try again tomorrow.' });
      expect(error.details?.retryAfterSeconds).toBeGreaterThan(0);
    }
    expect(h.twilio.sentMessages.length - sent).toBe(INSTALLATION_LIMIT - already);
    const channel = await h.rpc.call(internalApi.telephony.deliverSms, { userId: h.newUser().id, to: '+12125550999', body: 'Reminder' }, h.ctx(null)).catch((e: unknown) => e);
    expect(channel).toMatchObject({ kind: ErrorKind.RateLimited });
    expect(h.twilio.sentMessages.length - sent).toBe(INSTALLATION_LIMIT - already);
  });
});
