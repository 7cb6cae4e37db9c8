import { api, ErrorKind } from '@jarvis/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTelephony, type TelephonyHarness } from '../testing/telephony-harness';

let h: TelephonyHarness;
beforeAll(async () => {
  h = await startTelephony('twilio-unconfigured', { TWILIO_ACCOUNT_SID: undefined, TWILIO_AUTH_TOKEN: undefined });
});
afterAll(() => h?.close());

describe('without Twilio credentials', () => {
  it('answers 503 naming the variables to set, and the service stays up', async () => {
    const error = await h.fail(api.telephony.claimPhoneLine, { phoneNumber: h.nextClaimable() }, h.newUser());
    expect(error.kind).toBe(ErrorKind.ProviderUnavailable);
    expect(error.message).toMatch(/TWILIO_ACCOUNT_SID/);
    expect(error.message).toMatch(/TWILIO_AUTH_TOKEN/);
    const webhook = await h.webhook('/voice', { CallSid: h.callSid(), From: '+15557654321', To: '+15550000011' }, 'c2ln');
    expect(webhook.status).toBe(503);
    expect(await h.call(api.telephony.contacts, {}, h.newUser())).toEqual([]);
  });
});
