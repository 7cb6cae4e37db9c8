import { api, ErrorKind } from '@jarvis/contracts';
import { EventBus } from '@jarvis/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_URL, startTelephony, type TelephonyHarness } from '../testing/telephony-harness';
import { NOT_CLAIMABLE } from './phone-lines.service';

/** The installation's own number: outbound calls and texts go out from it, and another system answers it. */
const INSTALLATION_NUMBER = '+15550000100';

let h: TelephonyHarness;
beforeAll(async () => {
  h = await startTelephony('phone-lines', { TWILIO_PHONE_NUMBER: INSTALLATION_NUMBER });
});
afterAll(() => h?.close());

describe('phone lines', () => {
  it('claims a number the operator offers, on the free plan too, and points its webhooks at PUBLIC_URL through the SDK', async () => {
    const offered = h.offerNumber(h.twilio);
    const alice = h.newUser('free');
    const before = await h.call(api.telephony.phoneLine, {}, alice);
    expect(before).toMatchObject({ phoneNumber: null });
    // The card lists a few free offered numbers (6 at most), never TWILIO_PHONE_NUMBER.
    expect(before.offeredNumbers).toContain(offered);
    expect(before.offeredNumbers).toHaveLength(6);
    expect(before.offeredNumbers).not.toContain(INSTALLATION_NUMBER);
    expect(await h.call(api.telephony.claimPhoneLine, { phoneNumber: offered }, alice)).toEqual({ phoneNumber: offered });
    expect(await h.call(api.telephony.phoneLine, {}, alice)).toMatchObject({ phoneNumber: offered, offeredNumbers: [] });
    expect((await h.call(api.telephony.phoneLine, {}, h.newUser())).offeredNumbers).not.toContain(offered);
    expect(h.twilio.numbers.find((n) => n.phoneNumber === offered)).toMatchObject({
      voiceUrl: `${PUBLIC_URL}/webhooks/telephony/voice`,
      statusCallback: `${PUBLIC_URL}/webhooks/telephony/status`,
      smsUrl: `${PUBLIC_URL}/webhooks/telephony/sms`,
    });
  });

  it('answers 409 for an offered number another user holds and 404 for an offered number the account does not have', async () => {
    const taken = h.offerNumber(h.twilio);
    await h.call(api.telephony.claimPhoneLine, { phoneNumber: taken }, h.newUser());
    expect((await h.fail(api.telephony.claimPhoneLine, { phoneNumber: taken }, h.newUser())).kind).toBe(ErrorKind.Conflict);
    expect((await h.fail(api.telephony.claimPhoneLine, { phoneNumber: h.nextClaimable() }, h.newUser())).kind).toBe(ErrorKind.NotFound);
  });

  it('refuses TWILIO_PHONE_NUMBER and any number the operator does not offer with 403, and rewrites no webhook at Twilio', async () => {
    // Numbers of the same Twilio account that answer elsewhere: the installation's own, and another system's.
    const elsewhere = { voiceUrl: 'https://other.example/voice', statusCallback: 'https://other.example/status', smsUrl: 'https://other.example/sms' };
    h.twilio.numbers.push(
      { sid: 'PN00000000000000000000000000000100', phoneNumber: INSTALLATION_NUMBER, ...elsewhere },
      { sid: 'PN00000000000000000000000000000101', phoneNumber: '+15550000101', ...elsewhere },
    );
    const before = h.twilio.requests.length;
    for (const tier of ['free', 'premium', 'enterprise'] as const) {
      for (const phoneNumber of [INSTALLATION_NUMBER, '+15550000101', '+15559999999']) {
        const mallory = h.newUser(tier);
        const error = await h.fail(api.telephony.claimPhoneLine, { phoneNumber }, mallory);
        expect(error, `${tier} ${phoneNumber}`).toMatchObject({ kind: ErrorKind.Forbidden, code: 'FORBIDDEN', message: NOT_CLAIMABLE });
        expect(await h.call(api.telephony.phoneLine, {}, mallory)).toMatchObject({ phoneNumber: null });
      }
    }
    // Twilio was not even asked: both numbers still answer where they did.
    expect(h.twilio.requests.slice(before)).toEqual([]);
    for (const phoneNumber of [INSTALLATION_NUMBER, '+15550000101']) {
      expect(h.twilio.numbers.find((n) => n.phoneNumber === phoneNumber)).toMatchObject(elsewhere);
    }
    expect(await h.dataSource.query(`SELECT 1 FROM telephony.phone_lines WHERE phone_number IN ($1, '+15550000101')`, [INSTALLATION_NUMBER])).toEqual([]);
  });

  it('buys a number for premium only (402 on free) and releases a bought number at Twilio too', async () => {
    expect((await h.fail(api.telephony.claimPhoneLine, {}, h.newUser('free'))).kind).toBe(ErrorKind.PlanRequired);
    const bob = h.newUser('premium');
    const { phoneNumber } = await h.call(api.telephony.claimPhoneLine, {}, bob);
    expect(phoneNumber).toBe('+15005550006');
    const bought = h.twilio.numbers.find((n) => n.phoneNumber === phoneNumber)!;
    expect(bought.voiceUrl).toBe(`${PUBLIC_URL}/webhooks/telephony/voice`);
    expect(await h.call(api.telephony.releasePhoneLine, {}, bob)).toEqual({ success: true });
    expect(h.twilio.released).toContain(bought.sid);
    expect(await h.call(api.telephony.phoneLine, {}, bob)).toMatchObject({ phoneNumber: null });
  });

  it('refuses a number not in international format with a 4xx', async () => {
    await expect(h.call(api.telephony.claimPhoneLine, { phoneNumber: '555-1234' }, h.newUser())).rejects.toThrow(/international format/);
  });
});

describe('what callers may hear of the owner', () => {
  it('is the name and busy times until the owner changes it, kept per user, the switches given changed and the others kept', async () => {
    const alice = h.newUser();
    const bob = h.newUser();
    expect(await h.call(api.telephony.phoneLine, {}, alice)).toMatchObject({ phoneNumber: null, sharing: { name: true, availability: true, twinFacts: false } });
    expect(await h.call(api.telephony.updateCallerSharing, { twinFacts: true }, alice)).toEqual({ name: true, availability: true, twinFacts: true });
    expect(await h.call(api.telephony.updateCallerSharing, { name: false, availability: false }, alice)).toEqual({ name: false, availability: false, twinFacts: true });
    expect((await h.call(api.telephony.phoneLine, {}, alice)).sharing).toEqual({ name: false, availability: false, twinFacts: true });
    expect((await h.call(api.telephony.phoneLine, {}, bob)).sharing).toEqual({ name: true, availability: true, twinFacts: false });
    expect(await h.failUnchecked(api.telephony.updateCallerSharing, { name: 'yes please' }, bob)).toMatchObject({ kind: ErrorKind.Validation });
    expect((await h.call(api.telephony.phoneLine, {}, bob)).sharing).toEqual({ name: true, availability: true, twinFacts: false });
  });
});

describe('the owner’s plan on the line', () => {
  it('follows evt.billing.tier.changed, which decides voicemail or conversation', async () => {
    const carol = h.newUser('free');
    const line = await h.newLine(carol, h.twilio);
    await h.get(EventBus).publish('evt.billing.tier.changed', { userId: carol.id, tier: 'premium', stripeCustomerId: null }, `tier:${carol.id}`);
    await expect.poll(async () => (await h.dataSource.query(`SELECT tier FROM telephony.phone_lines WHERE phone_number = $1`, [line]))[0]?.tier).toBe('premium');
  });
});
