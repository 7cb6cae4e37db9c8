import { api } from '@jarvis/contracts';
import { type Scrape, scrapeMetrics, unboundedLabels } from '@jarvis/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OutboundHarness, startOutbound } from '../testing/outbound-harness';

/** jarvis_calls_active and jarvis_calls_total as telephony's GET /metrics serves them, with Twilio played by its fake. */

let h: OutboundHarness;
beforeAll(async () => {
  h = await startOutbound('call-activity');
  h.twilio.callScript = () => ({ outcome: 'hold' });
});
afterAll(() => h?.close());

const scrape = () => scrapeMetrics(h.service.metricsPort);
const active = (m: Scrape, direction: string) => m.value('jarvis_calls_active', { direction });
const ended = (m: Scrape, direction: string, outcome: string) => m.value('jarvis_calls_total', { direction, outcome });

describe('calls in progress and ended', () => {
  it('count an inbound call from its first webhook to its final status, once, whatever Twilio retries', async () => {
    const user = h.newUser();
    const line = await h.newLine(user, h.twilio);
    const CallSid = h.callSid();
    const before = await scrape();
    await h.webhook('/voice', { CallSid, From: '+15557654321', To: line, CallStatus: 'ringing' });
    await h.webhook('/voice', { CallSid, From: '+15557654321', To: line, CallStatus: 'ringing' }); // Twilio's retry
    expect(active(await scrape(), 'inbound')).toBe(active(before, 'inbound') + 1);

    await h.webhook('/status', { CallSid, CallStatus: 'completed', CallDuration: '21' });
    await h.webhook('/status', { CallSid, CallStatus: 'completed', CallDuration: '21' }); // again
    const after = await scrape();
    expect(active(after, 'inbound')).toBe(active(before, 'inbound'));
    expect(ended(after, 'inbound', 'completed') - ended(before, 'inbound', 'completed')).toBe(1);

    // A call to a number of nobody is no call of ours.
    await h.webhook('/voice', { CallSid: h.callSid(), From: '+15557654321', To: '+15550009999' });
    await h.webhook('/status', { CallSid: h.callSid(), CallStatus: 'busy' });
    const last = await scrape();
    expect(active(last, 'inbound')).toBe(active(before, 'inbound'));
    expect(ended(last, 'inbound', 'busy')).toBe(ended(before, 'inbound', 'busy'));
  });

  it('count an outbound call from its placement at Twilio to its end', async () => {
    const alice = h.premium();
    const to = '+12125550377';
    const before = await scrape();
    const { callId } = await h.call(api.telephony.missedCallReturn, { phoneNumber: to }, alice);
    const call = await h.waitFor(() => h.placedTo(to)[0]);
    const during = await h.waitFor(async () => {
      const m = await scrape();
      return active(m, 'outbound') === active(before, 'outbound') + 1 && m;
    });
    expect(ended(during, 'outbound', 'completed')).toBe(ended(before, 'outbound', 'completed'));

    await h.callStatus(call, 'completed', { CallDuration: '12' });
    await h.callStatus(call, 'completed', { CallDuration: '12' }); // retried callback
    await h.ended(alice, callId);
    const after = await scrape();
    expect(active(after, 'outbound')).toBe(active(before, 'outbound'));
    expect(ended(after, 'outbound', 'completed') - ended(before, 'outbound', 'completed')).toBe(1);
    expect(unboundedLabels(after.samples)).toEqual([]);
  });

  it('count a refused signature as bad_signature and the webhooks it took as accepted', async () => {
    const before = await scrape();
    await h.webhook('/status', { CallSid: h.callSid(), CallStatus: 'completed' }, 'bm90IGEgc2lnbmF0dXJl');
    const after = await scrape();
    expect(after.value('jarvis_webhooks_total', { service: 'telephony', outcome: 'bad_signature' }) - before.value('jarvis_webhooks_total', { service: 'telephony', outcome: 'bad_signature' })).toBe(1);
    expect(after.value('jarvis_webhooks_total', { service: 'telephony', outcome: 'accepted' })).toBeGreaterThan(0);
  });
});
