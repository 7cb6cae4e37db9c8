import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { api, QUEUES } from '@jarvis/contracts';
import { JobQueue } from '@jarvis/platform';
import type { TestUser } from '@jarvis/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OutboundHarness, startOutbound } from '../testing/outbound-harness';

/**
 * A second telephony replica as its own process (the built service, as production runs it), so it can be killed
 * with SIGKILL while it holds calls: no shutdown hook, no lock released.
 */
const PACKAGE = resolve(__dirname, '../..');
let h: OutboundHarness;
let replica: ChildProcess | undefined;

beforeAll(async () => {
  // The replica runs dist/main.js: bring it up to date with the sources (incremental, quick when nothing changed).
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-b', 'tsconfig.build.json'], { cwd: PACKAGE, stdio: 'inherit' });
  h = await startOutbound('outbound-crash', { OUTBOUND_CONCURRENCY: '20' });
  h.twilio.callScript = () => ({ outcome: 'hold' });
  replica = spawn(process.execPath, [resolve(PACKAGE, 'dist/main.js')], { env: { ...process.env }, stdio: 'ignore' });
  const queue = h.get(JobQueue).queue(QUEUES.outboundCalls);
  await h.until(() => queue.getWorkersCount(), (n) => n >= 2, 30_000);
}, 180_000);
afterAll(async () => {
  replica?.kill('SIGKILL');
  await h?.close();
});

describe('a telephony replica killed while calls are in flight', () => {
  it('leaves every call placed once and ended exactly once, its jobs taken over by the surviving replica', async () => {
    const ended = await h.published('evt.telephony.call.completed');
    const calls: { user: TestUser; callId: string; to: string }[] = [];
    for (let i = 0; i < 10; i++) {
      const user = h.premium();
      const to = `+1212555${String(600 + i).padStart(4, '0')}`;
      calls.push({ user, to, ...(await h.call(api.telephony.missedCallReturn, { phoneNumber: to }, user)) });
    }
    // Every call ringing, held by one replica or the other.
    await h.until(() => h.twilio.calls.length, (n) => n === calls.length, 30_000);
    const queue = h.get(JobQueue).queue(QUEUES.outboundCalls);
    expect(await queue.getActiveCount()).toBe(calls.length);

    replica!.kill('SIGKILL');
    await new Promise((r) => replica!.once('exit', r));

    // Half the calls end while the dead replica's jobs are still locked; the rest after another replica took them over.
    // Until NATS notices the dead replica, a callback may be routed to it and time out; Twilio sends it again.
    const endCall = (to: string, duration: string) =>
      h.callStatus(h.placedTo(to)[0], 'completed', { CallDuration: duration }).catch(() =>
        h.callStatus(h.placedTo(to)[0], 'completed', { CallDuration: duration }),
      );
    for (const c of calls.slice(0, 5)) await endCall(c.to, '7');
    await h.until(() => queue.getActiveCount(), (n) => n <= 5, 90_000);
    await h.until(async () => (await queue.getWaitingCount()) + (await queue.getDelayedCount()), (n) => n === 0, 90_000);
    for (const c of calls.slice(5)) await h.callStatus(h.placedTo(c.to)[0], 'completed', { CallDuration: '9' });
    // Twilio retries a callback it thinks was lost: nothing ends twice.
    await h.callStatus(h.placedTo(calls[0].to)[0], 'completed', { CallDuration: '7' });

    for (const c of calls) expect((await h.ended(c.user, c.callId, 90_000)).status).toBe('completed');
    await h.until(() => queue.getCompletedCount(), (n) => n === calls.length, 90_000);
    await new Promise((r) => setTimeout(r, 300));
    await ended.stop();
    for (const c of calls) {
      expect(h.placedTo(c.to), c.to).toHaveLength(1);
      expect(ended.bodies().filter((event) => JSON.stringify(event).includes(c.callId)), c.callId).toHaveLength(1);
    }
    expect(await queue.getFailedCount()).toBe(0);
    // The dead replica did hold some: their jobs were found stalled and run again by the survivor.
    const jobs = await Promise.all(calls.map((c) => queue.getJob(c.callId)));
    expect(jobs.filter((j) => (j?.stalledCounter ?? 0) > 0).length).toBeGreaterThan(0);
  }, 240_000);
});
