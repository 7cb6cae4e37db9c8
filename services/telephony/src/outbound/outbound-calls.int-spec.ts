import { api, ErrorKind, QUEUES } from '@jarvis/contracts';
import { JobQueue } from '@jarvis/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingMonthNow } from '../testing/neighbours.fake';
import { billCollector, type OutboundHarness, startOutbound } from '../testing/outbound-harness';

let h: OutboundHarness;
beforeAll(async () => {
  h = await startOutbound('outbound-calls');
  // Calls stay ringing unless a test plays them: the queue and the logs are what these tests look at.
  h.twilio.callScript = () => ({ outcome: 'hold' });
});
afterAll(() => h?.close());

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

describe('queueing an outbound call', () => {
  it('answers 400 with the field errors of each kind, before any call of the month is used', async () => {
    const alice = h.premium();
    const cases = [
      [api.telephony.billCollectorCall, { ...billCollector(), clientEmail: 'not-an-email' }, 'clientEmail'],
      [api.telephony.billCollectorCall, { ...billCollector(), companyName: '' }, 'companyName'],
      [api.telephony.billCollectorCall, { ...billCollector(), phoneNumber: '+15551234567' }, 'phoneNumber'],
      [api.telephony.appointmentCall, { phoneNumber: '+12125551234', appointmentType: 'Dentist', location: '' }, 'location'],
      [api.telephony.appointmentCall, { phoneNumber: '+12125551234', appointmentType: 'Dentist', location: 'Main St', appointmentTime: 'January 5, 2020 at 09:00 AM' }, 'appointmentTime'],
      [api.telephony.spamBlockCall, { phoneNumber: '+12125551234' }, 'reason'],
      [api.telephony.followUpCall, { phoneNumber: '+12125551234', message: 'Hi', context: '' }, 'context'],
      [api.telephony.followUpCall, { phoneNumber: '+12125551234', message: 'Hi', context: 'Quote', lastInteraction: 'January 1, 2099' }, 'lastInteraction'],
      [api.telephony.missedCallReturn, { phoneNumber: '12125551234' }, 'phoneNumber'],
      [api.telephony.missedCallReturn, { phoneNumber: '+12125551234', scheduledTime: '2020-01-01T09:00:00Z' }, 'scheduledTime'],
    ] as const;
    for (const [endpoint, body, field] of cases) {
      const error = await h.failUnchecked(endpoint, body, alice);
      expect(error.kind, `${endpoint.subject} ${field}`).toBe(ErrorKind.Validation);
      expect(Object.keys((error.details?.fields ?? {}) as object), `${endpoint.subject} ${field}`).toContain(field);
      expect(error.message.length).toBeGreaterThan(0);
    }
    expect(h.neighbours.used.get(`${alice.id}|${billingMonthNow()}`) ?? 0).toBe(0);
    expect(await h.call(api.telephony.callLogs, {}, alice)).toEqual([]);
  });

  it('answers 402 with requiresUpgrade on the free plan', async () => {
    const error = await h.fail(api.telephony.missedCallReturn, { phoneNumber: '+12125551234' }, h.newUser('free'));
    expect(error.kind).toBe(ErrorKind.PlanRequired);
    expect(error.details).toMatchObject({ requiresUpgrade: true });
  });

  it('queues exactly the 4 calls left of 20 sent at once; the others get the monthly limit message', async () => {
    const bob = h.premium();
    h.neighbours.used.set(`${bob.id}|${billingMonthNow()}`, 1);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => h.call(api.telephony.billCollectorCall, billCollector({ scheduledTime: inAnHour() }), bob)),
    );
    const queued = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(queued).toHaveLength(4);
    expect(refused).toHaveLength(16);
    for (const r of refused) {
      expect(r.reason).toMatchObject({ kind: ErrorKind.PlanRequired, message: 'Monthly outgoing call limit reached (5 of 5)' });
    }
    const queue = await h.call(api.telephony.callQueue, {}, bob);
    expect(queue.totalQueued).toBe(4);
    expect(queue.queue.every((c) => c.status === 'pending' && c.scenario === 'bill_collector' && c.priority === 'normal')).toBe(true);
    expect(await h.call(api.telephony.callLogs, {}, bob)).toHaveLength(4);
  });

  it('waits in BullMQ under the call log id, delayed until the scheduled time, with the kind’s priority', async () => {
    const carol = h.premium();
    const { callId } = await h.call(api.telephony.appointmentCall, { phoneNumber: '+12125551234', appointmentType: 'Dentist', location: 'Main St', scheduledTime: inAnHour() }, carol);
    const job = await h.get(JobQueue).queue(QUEUES.outboundCalls).getJob(callId);
    expect(job?.data).toEqual({ callLogId: callId, userId: carol.id });
    expect(job?.opts.priority).toBe(2); // high
    expect(job?.opts.delay).toBeGreaterThan(3_500_000);
    expect(await job?.getState()).toBe('delayed');
  });
});

describe('the queue and the logs', () => {
  it('show each user only their own calls, newest log first', async () => {
    const dan = h.premium();
    const erin = h.premium();
    const first = await h.call(api.telephony.spamBlockCall, { phoneNumber: '+12125551234', reason: 'Robocalls', scheduledTime: inAnHour() }, dan);
    const second = await h.call(api.telephony.followUpCall, { phoneNumber: '+12125551234', message: 'Call me', context: 'Quote', scheduledTime: inAnHour() }, dan);
    const logs = await h.call(api.telephony.callLogs, {}, dan);
    expect(logs.map((l) => l.id)).toEqual([second.callId, first.callId]);
    expect(logs[0]).toMatchObject({ phoneNumber: '+12125551234', scenario: 'follow_up', status: 'pending', callSid: null, duration: null, recordingUrl: null });
    expect(await h.call(api.telephony.callLogs, {}, erin)).toEqual([]);
    expect(await h.call(api.telephony.callQueue, {}, erin)).toEqual({ queue: [], totalQueued: 0, isProcessing: false });
    expect(await h.fail(api.telephony.deleteCallLog, { id: first.callId }, erin)).toMatchObject({ kind: ErrorKind.NotFound });
    expect(await h.fail(api.telephony.callRecording, { id: first.callId }, erin)).toMatchObject({ kind: ErrorKind.NotFound });
    expect(await h.failUnchecked(api.telephony.deleteCallLog, { id: 'not-a-uuid' }, dan)).toMatchObject({ kind: ErrorKind.NotFound });
  });

  it('deleting a call that has not started cancels its job and gives its call back to the month', async () => {
    const fay = h.premium();
    const { callId } = await h.call(api.telephony.missedCallReturn, { phoneNumber: '+12125551234', scheduledTime: inAnHour() }, fay);
    expect(h.neighbours.used.get(`${fay.id}|${billingMonthNow()}`)).toBe(1);
    expect(await h.call(api.telephony.deleteCallLog, { id: callId }, fay)).toEqual({ success: true });
    expect(await h.get(JobQueue).queue(QUEUES.outboundCalls).getJob(callId)).toBeUndefined();
    expect(h.neighbours.used.get(`${fay.id}|${billingMonthNow()}`)).toBe(0);
    expect(await h.call(api.telephony.callLogs, {}, fay)).toEqual([]);
    expect(await h.fail(api.telephony.deleteCallLog, { id: callId }, fay)).toMatchObject({ kind: ErrorKind.NotFound });
  });
});
