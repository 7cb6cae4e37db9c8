import { api, ErrorKind } from '@jarvis/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingMonthNow } from '../testing/neighbours.fake';
import { type OutboundHarness, startOutbound } from '../testing/outbound-harness';

describe('outbound calls without Twilio credentials', () => {
  let h: OutboundHarness;
  beforeAll(async () => {
    h = await startOutbound('outbound-no-twilio', { TWILIO_ACCOUNT_SID: undefined, TWILIO_AUTH_TOKEN: undefined });
  });
  afterAll(() => h?.close());

  it('answer 503 naming the variables to set, before any call of the month is used', async () => {
    const alice = h.premium();
    const error = await h.fail(api.telephony.missedCallReturn, { phoneNumber: '+12125551234' }, alice);
    expect(error.kind).toBe(ErrorKind.ProviderUnavailable);
    expect(error.message).toMatch(/TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN/);
    expect(h.neighbours.used.get(`${alice.id}|${billingMonthNow()}`) ?? 0).toBe(0);
    expect(await h.call(api.telephony.callLogs, {}, alice)).toEqual([]);
  });
});

describe('outbound calls without a number to call from', () => {
  let h: OutboundHarness;
  beforeAll(async () => {
    h = await startOutbound('outbound-no-number', { TWILIO_PHONE_NUMBER: undefined });
  });
  afterAll(() => h?.close());

  it('answer 503 naming TWILIO_PHONE_NUMBER, and call from the user’s own line once they have one', async () => {
    const alice = h.premium();
    const error = await h.fail(api.telephony.missedCallReturn, { phoneNumber: '+12125551234' }, alice);
    expect(error).toMatchObject({ kind: ErrorKind.ProviderUnavailable });
    expect(error.message).toMatch(/TWILIO_PHONE_NUMBER/);
    const line = await h.newLine(alice, h.twilio);
    const { callId } = await h.call(api.telephony.missedCallReturn, { phoneNumber: '+12125551234' }, alice);
    expect((await h.ended(alice, callId)).status).toBe('completed');
    expect(h.twilio.calls.at(-1)?.from).toBe(line);
  });
});
