import { api, QUEUES } from '@jarvis/contracts';
import { JobQueue } from '@jarvis/platform';
import type { TestUser } from '@jarvis/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OutboundHarness, startOutbound } from '../testing/outbound-harness';

let h: OutboundHarness;
beforeAll(async () => {
  // This replica takes one call at a time; the one that leaves takes up to 20, so it holds most calls when it goes.
  h = await startOutbound('outbound-shutdown', { OUTBOUND_CONCURRENCY: '1' });
  h.twilio.callScript = () => ({ outcome: 'hold' });
});
afterAll(() => h?.close());

describe('a telephony replica shut down (SIGTERM) while its calls are on', () => {
  it('stops at once and hands its calls to another replica, which sees each one to its single end', async () => {
    process.env.OUTBOUND_CONCURRENCY = '20';
    const leaving = await h.startReplica();
    const queue = h.get(JobQueue).queue(QUEUES.outboundCalls);
    const calls: { user: TestUser; callId: string; to: string }[] = [];
    for (let i = 0; i < 6; i++) {
      const user = h.premium();
      const to = `+1212555${String(700 + i).padStart(4, '0')}`;
      calls.push({ user, to, ...(await h.call(api.telephony.missedCallReturn, { phoneNumber: to }, user)) });
    }
    await h.until(() => h.twilio.calls.length, (n) => n === calls.length);

    const t0 = Date.now();
    await leaving.close();
    expect(Date.now() - t0).toBeLessThan(5_000);
    // Its calls went back to the queue at once (no lock left to expire): all but the one this replica holds wait.
    const waiting = async () => (await queue.getDelayedCount()) + (await queue.getPrioritizedCount()) + (await queue.getWaitingCount());
    await h.until(waiting, (n) => n === calls.length - 1, 3_000);
    expect(await queue.getActiveCount()).toBe(1);

    for (const c of calls) await h.callStatus(h.placedTo(c.to)[0], 'completed', { CallDuration: '4' });
    for (const c of calls) expect((await h.ended(c.user, c.callId)).status).toBe('completed');
    await h.until(() => queue.getCompletedCount(), (n) => n === calls.length);
    for (const c of calls) expect(h.placedTo(c.to)).toHaveLength(1);
  }, 60_000);
});
