import { api, ErrorKind, QUEUES } from '@jarvis/contracts';
import { JobQueue } from '@jarvis/platform';
import type { CallScript } from '@jarvis/testing/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingMonthNow } from '../testing/neighbours.fake';
import { billCollector, CALLER_ID, type OutboundHarness, startOutbound } from '../testing/outbound-harness';

let h: OutboundHarness;
/** Each test's calls go to numbers of its own, so the script can tell them apart. */
const scripts = new Map<string, CallScript>();
beforeAll(async () => {
  h = await startOutbound('outbound-worker');
  h.twilio.callScript = (call) => scripts.get(call.to) ?? { outcome: 'answer', duration: 42 };
});
afterAll(() => h?.close());

const used = (userId: string) => h.neighbours.used.get(`${userId}|${billingMonthNow()}`) ?? 0;
const createRequests = () => h.twilio.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/Calls.json'));

describe('an outbound call', () => {
  it('is placed through Twilio with our TwiML, status and recording URLs, speaks the kind’s script and ends completed with everything the details show', async () => {
    const alice = h.premium();
    const live = await h.published(`live.${alice.id}.calls`);
    const events = await h.published('evt.telephony.call.completed');
    const to = '+12125550201';
    scripts.set(to, { outcome: 'answer', duration: 75, recording: Buffer.from('ID3 call audio') });
    const { callId } = await h.call(api.telephony.billCollectorCall, billCollector({ phoneNumber: to }), alice);
    const log = await h.ended(alice, callId);
    expect(log).toMatchObject({ status: 'completed', duration: 75, errorMessage: null, recordingUrl: `/api/proactive-call/logs/${callId}/recording` });
    const [call] = h.placedTo(to);
    expect(log.callSid).toBe(call.sid);
    expect(call.from).toBe(CALLER_ID);
    expect(call.record).toBe(true);
    expect(call.url).toBe(`https://jarvis.test/webhooks/telephony/outbound/voice?callLogId=${callId}&userId=${alice.id}`);
    expect(call.statusCallback).toContain('/webhooks/telephony/outbound/status?');
    // Offline, the fixed bill-collector script: the company and the amount, an offer to call back, no threat.
    expect(call.twiml[0]).toContain('Acme Utilities');
    expect(call.twiml[0]).toContain('$120.50');
    expect(call.twiml[0]).toContain('call you back');
    expect(call.twiml[0]).toContain('<Hangup/>');
    expect(log.transcript).toContain('Jarvis: Hello, this is Jarvis');
    const audio = await h.call(api.telephony.callRecording, { id: callId }, alice);
    expect(Buffer.from(audio.base64, 'base64').toString()).toBe('ID3 call audio');
    expect(await h.fail(api.telephony.callRecording, { id: callId }, h.premium())).toMatchObject({ kind: ErrorKind.NotFound });
    await new Promise((r) => setTimeout(r, 200));
    await Promise.all([live.stop(), events.stop()]);
    const ours = events.messages.filter((m) => JSON.stringify(m.body).includes(callId));
    expect(ours).toHaveLength(1);
    expect(ours[0].headers?.get('Nats-Msg-Id')).toBe(`call:${callId}`);
    expect(live.messages.length).toBeGreaterThanOrEqual(2); // started, ended
    expect(used(alice.id)).toBe(1); // answered: it counts
    expect((await h.call(api.telephony.callQueue, {}, alice)).totalQueued).toBe(0);
  });

  it('ends failed on a busy line without retrying, and gives the call back to the month', async () => {
    const bob = h.premium();
    const to = '+12125550202';
    scripts.set(to, { outcome: 'busy' });
    const { callId } = await h.call(api.telephony.missedCallReturn, { phoneNumber: to }, bob);
    const log = await h.ended(bob, callId);
    expect(log).toMatchObject({ status: 'failed', errorMessage: 'Line busy' });
    await h.until(() => used(bob.id), (n) => n === 0);
    const job = await h.get(JobQueue).queue(QUEUES.outboundCalls).getJob(callId);
    await h.until(async () => job?.getState(), (state) => state === 'failed');
    expect(h.placedTo(to)).toHaveLength(1);
  });

  it('ends failed with "No answer" when nobody picks up', async () => {
    const carl = h.premium();
    const to = '+12125550203';
    scripts.set(to, { outcome: 'no-answer' });
    const { callId } = await h.call(api.telephony.spamBlockCall, { phoneNumber: to, reason: 'Daily robocalls' }, carl);
    expect(await h.ended(carl, callId)).toMatchObject({ status: 'failed', errorMessage: 'No answer' });
    expect(h.placedTo(to)).toHaveLength(1);
  });

  it('is tried again after a provider error and then completes', async () => {
    const dana = h.premium();
    const to = '+12125550204';
    const before = createRequests().length;
    h.twilio.failNextCalls.push(500);
    const { callId } = await h.call(api.telephony.followUpCall, { phoneNumber: to, message: 'Your quote is ready', context: 'Kitchen quote' }, dana);
    const log = await h.ended(dana, callId);
    expect(log).toMatchObject({ status: 'completed', errorMessage: null });
    expect(createRequests().length - before).toBe(2);
    expect(h.placedTo(to)).toHaveLength(1);
    expect(h.placedTo(to)[0].twiml[0]).toContain('Kitchen quote');
  });

  it('fails at once, with Twilio’s reason, when Twilio refuses the number, and gives the call back', async () => {
    const emma = h.premium();
    h.twilio.failNextCalls.push(400);
    const { callId } = await h.call(api.telephony.missedCallReturn, { phoneNumber: '+442071838750' }, emma);
    const log = await h.ended(emma, callId);
    expect(log.status).toBe('failed');
    expect(log.errorMessage).toMatch(/Twilio refused the call: Geographic permission/);
    await h.until(() => used(emma.id), (n) => n === 0);
  });

  it('ignores callbacks with a bad signature, and a replayed final status ends nothing twice', async () => {
    const finn = h.premium();
    const to = '+12125550205';
    scripts.set(to, { outcome: 'hold' });
    const { callId } = await h.call(api.telephony.missedCallReturn, { phoneNumber: to }, finn);
    const call = await h.until(() => h.placedTo(to)[0], Boolean);
    const forged = await h.webhook(call.statusCallback.slice('https://jarvis.test/webhooks/telephony'.length), { CallSid: call.sid, CallStatus: 'completed' }, 'forged');
    expect(forged.status).toBe(403);
    expect((await h.log(finn, callId))?.status).toBe('processing');
    expect((await h.call(api.telephony.callQueue, {}, finn)).queue[0]).toMatchObject({ id: callId, status: 'calling' });
    await h.callStatus(call, 'in-progress');
    await h.callStatus(call, 'completed', { CallDuration: '12' });
    await h.callStatus(call, 'busy');
    const log = await h.ended(finn, callId);
    expect(log).toMatchObject({ status: 'completed', duration: 12, errorMessage: null });
    expect(used(finn.id)).toBe(1);
  });
});

describe('deleting a call', () => {
  it('hangs up a call that is ringing, gives its call back to the month, and its job ends', async () => {
    const ivy = h.premium();
    const to = '+12125550209';
    scripts.set(to, { outcome: 'hold' });
    const { callId } = await h.call(api.telephony.missedCallReturn, { phoneNumber: to }, ivy);
    const call = await h.until(() => h.placedTo(to)[0], Boolean);
    await h.until(async () => (await h.log(ivy, callId))?.callSid, Boolean);
    expect(used(ivy.id)).toBe(1);
    expect(await h.call(api.telephony.deleteCallLog, { id: callId }, ivy)).toEqual({ success: true });
    expect(call.hungUp).toBe(true);
    expect(used(ivy.id)).toBe(0);
    const job = await h.get(JobQueue).queue(QUEUES.outboundCalls).getJob(callId);
    await h.until(async () => job?.getState(), (state) => state === 'completed');
    // Twilio's last callback for it changes nothing.
    await h.callStatus(call, 'canceled');
    expect(await h.call(api.telephony.callLogs, {}, ivy)).toEqual([]);
  });
});

describe('the order of calls', () => {
  it('places one call at a time for a user: the second waits until the first ended', async () => {
    const gail = h.premium();
    const first = '+12125550206';
    const second = '+12125550207';
    scripts.set(first, { outcome: 'hold' });
    const a = await h.call(api.telephony.missedCallReturn, { phoneNumber: first }, gail);
    const call = await h.until(() => h.placedTo(first)[0], Boolean);
    const b = await h.call(api.telephony.missedCallReturn, { phoneNumber: second }, gail);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(h.placedTo(second)).toHaveLength(0);
    await h.callStatus(call, 'completed', { CallDuration: '3' });
    expect((await h.ended(gail, a.callId)).status).toBe('completed');
    expect((await h.ended(gail, b.callId)).status).toBe('completed');
  });

  it('waits until the scheduled time', async () => {
    const hank = h.premium();
    const to = '+12125550208';
    const at = Date.now() + 2_000;
    const { callId } = await h.call(api.telephony.missedCallReturn, { phoneNumber: to, scheduledTime: new Date(at).toISOString() }, hank);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(h.placedTo(to)).toHaveLength(0);
    expect((await h.ended(hank, callId)).status).toBe('completed');
    expect(Date.now()).toBeGreaterThanOrEqual(at);
  });
});
