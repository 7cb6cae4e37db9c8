import { api, ErrorKind } from '@jarvis/contracts';
import { EventBus } from '@jarvis/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_URL, startTelephony, type TelephonyHarness } from '../testing/telephony-harness';

let h: TelephonyHarness;
beforeAll(async () => {
  h = await startTelephony('phone-lines');
});
afterAll(() => h?.close());

describe('phone lines', () => {
  it('claims an incoming number of the account and points its webhooks at PUBLIC_URL through the SDK', async () => {
    h.twilio.numbers.push({ sid: 'PN00000000000000000000000000000011', phoneNumber: '+15550000011' });
    const alice = h.newUser();
    expect(await h.call(api.telephony.phoneLine, {}, alice)).toEqual({ phoneNumber: null });
    expect(await h.call(api.telephony.claimPhoneLine, { phoneNumber: '+15550000011' }, alice)).toEqual({ phoneNumber: '+15550000011' });
    expect(await h.call(api.telephony.phoneLine, {}, alice)).toEqual({ phoneNumber: '+15550000011' });
    expect(h.twilio.numbers[0]).toMatchObject({
      voiceUrl: `${PUBLIC_URL}/webhooks/telephony/voice`,
      statusCallback: `${PUBLIC_URL}/webhooks/telephony/status`,
      smsUrl: `${PUBLIC_URL}/webhooks/telephony/sms`,
    });
  });

  it('answers 409 for a number another user holds and 404 for a number the account does not have', async () => {
    h.twilio.numbers.push({ sid: 'PN00000000000000000000000000000012', phoneNumber: '+15550000012' });
    await h.call(api.telephony.claimPhoneLine, { phoneNumber: '+15550000012' }, h.newUser());
    expect((await h.fail(api.telephony.claimPhoneLine, { phoneNumber: '+15550000012' }, h.newUser())).kind).toBe(ErrorKind.Conflict);
    expect((await h.fail(api.telephony.claimPhoneLine, { phoneNumber: '+15559999999' }, h.newUser())).kind).toBe(ErrorKind.NotFound);
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
    expect(await h.call(api.telephony.phoneLine, {}, bob)).toEqual({ phoneNumber: null });
  });

  it('refuses a number not in international format with a 4xx', async () => {
    await expect(h.call(api.telephony.claimPhoneLine, { phoneNumber: '555-1234' }, h.newUser())).rejects.toThrow(/international format/);
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
