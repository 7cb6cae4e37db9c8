import { api } from '@jarvis/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingMonthNow } from '../testing/neighbours.fake';
import { type OutboundHarness, startOutbound } from '../testing/outbound-harness';
import { NO_FINAL_STATUS } from './outbound.constants';

let h: OutboundHarness;
beforeAll(async () => {
  h = await startOutbound('outbound-deadline', { OUTBOUND_MAX_CALL_MS: '1500' });
  h.twilio.callScript = () => ({ outcome: 'hold' });
});
afterAll(() => h?.close());

describe('a placed call Twilio never reports on', () => {
  it('is failed at OUTBOUND_MAX_CALL_MS, its call given back, and a late callback changes nothing', async () => {
    const alice = h.premium();
    const { callId } = await h.call(api.telephony.missedCallReturn, { phoneNumber: '+12125550801' }, alice);
    const log = await h.ended(alice, callId);
    expect(log).toMatchObject({ status: 'failed', errorMessage: NO_FINAL_STATUS });
    await h.until(() => h.neighbours.used.get(`${alice.id}|${billingMonthNow()}`), (n) => n === 0);
    await h.callStatus(h.placedTo('+12125550801')[0], 'completed', { CallDuration: '60' });
    expect(await h.log(alice, callId)).toMatchObject({ status: 'failed', duration: null });
  });
});
