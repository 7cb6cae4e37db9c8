import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { api, QUEUES } from '@jarvis/contracts';
import { JobQueue } from '@jarvis/platform';
import type { TestUser } from '@jarvis/testing';
import type { FakeCall } from '@jarvis/testing/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OutboundHarness, startOutbound } from '../testing/outbound-harness';

/**
 * The window between Twilio accepting a call and its CallSid being saved: a second telephony replica, its own
 * process, dies in it (SIGKILL while Twilio's answers are held back), and the surviving replica runs its jobs again.
 * None may place its call a second time: one learns its CallSid from Twilio's status callback (which carries the call
 * log's id), the others find their call in Twilio's call list.
 */
const PACKAGE = resolve(__dirname, '../..');
/** The replica reaches Twilio through this prefix of the fake: the calls it placed say so (FakeCall.basePath). */
const REPLICA_PATH = '/replica-two';
let h: OutboundHarness;
let replica: ChildProcess | undefined;

beforeAll(async () => {
  // The replica runs dist/main.js: bring it up to date with the sources (incremental, quick when nothing changed).
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-b', 'tsconfig.build.json'], { cwd: PACKAGE, stdio: 'inherit' });
  h = await startOutbound('outbound-dialing', { OUTBOUND_CONCURRENCY: '40' });
  h.twilio.callScript = () => ({ outcome: 'hold' });
  replica = spawn(process.execPath, [resolve(PACKAGE, 'dist/main.js')], {
    env: { ...process.env, TWILIO_BASE_URL: `${h.twilio.url}${REPLICA_PATH}` },
    stdio: 'ignore',
  });
  const queue = h.get(JobQueue).queue(QUEUES.outboundCalls);
  await h.until(() => queue.getWorkersCount(), (n) => n >= 2, 30_000);
}, 180_000);
afterAll(async () => {
  replica?.kill('SIGKILL');
  h?.twilio.releaseCallAnswers();
  await h?.close();
});

describe('a replica that dies after Twilio accepted a call and before its CallSid was saved', () => {
  it('leaves the call placed once: found by its status callback or in Twilio’s call list, never dialed again', async () => {
    const ended = await h.published('evt.telephony.call.completed');
    const queue = h.get(JobQueue).queue(QUEUES.outboundCalls);
    // Twilio takes every call, but its answers wait: whoever placed a call does not know its CallSid yet.
    h.twilio.holdCallAnswers = true;
    const calls: { user: TestUser; callId: string; to: string }[] = [];
    const byReplica = () => h.twilio.calls.filter((c) => c.basePath === REPLICA_PATH);
    // Calls are queued until the replica holds three of them (each goes to whichever replica's worker takes it).
    for (let i = 0; byReplica().length < 3; i++) {
      expect(i, 'the replica took three of the first 40 calls').toBeLessThan(40);
      const user = h.premium();
      const to = `+1212555${String(700 + i).padStart(4, '0')}`;
      calls.push({ user, to, ...(await h.call(api.telephony.missedCallReturn, { phoneNumber: to }, user)) });
      await h.until(() => h.twilio.calls.length, (n) => n === calls.length, 30_000);
    }
    const held = byReplica();

    replica!.kill('SIGKILL');
    await new Promise((r) => replica!.once('exit', r));
    h.twilio.holdCallAnswers = false;
    h.twilio.releaseCallAnswers();

    // One of the dead replica's calls tells its CallSid through Twilio's first status callback; the others never do.
    const status = (call: FakeCall, CallStatus: string, extra: Record<string, string> = {}) =>
      h.callStatus(call, CallStatus, extra).then((reply) => expect(reply.status).toBe(204));
    await status(held[0], 'initiated');
    const sidOf = async (id: string) =>
      ((await h.dataSource.query(`SELECT call_sid FROM telephony.call_logs WHERE id = $1`, [id])) as { call_sid: string | null }[])[0]?.call_sid;
    // The survivor finds the dead replica's jobs stalled (lock 30 s, check every 30 s) and runs them again.
    for (const c of calls) await h.until(() => sidOf(c.callId), (sid) => !!sid, 120_000);
    for (const c of calls) expect(await sidOf(c.callId), c.to).toBe(h.placedTo(c.to)[0].sid);

    for (const c of calls) await status(h.placedTo(c.to)[0], 'completed', { CallDuration: '5' });
    for (const c of calls) expect((await h.ended(c.user, c.callId, 30_000)).status).toBe('completed');
    await h.until(() => queue.getCompletedCount(), (n) => n === calls.length, 60_000);
    await new Promise((r) => setTimeout(r, 300));
    await ended.stop();
    for (const c of calls) {
      expect(h.placedTo(c.to), c.to).toHaveLength(1);
      expect(ended.bodies().filter((event) => JSON.stringify(event).includes(c.callId)), c.callId).toHaveLength(1);
    }
    // The dead replica's jobs were run again by the survivor, which looked its calls up at Twilio.
    const theirs = calls.filter((c) => held.some((call) => call.to === c.to));
    const jobs = await Promise.all(theirs.map((c) => queue.getJob(c.callId)));
    expect(jobs.every((j) => (j?.stalledCounter ?? 0) > 0)).toBe(true);
    const listed = h.twilio.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/Calls.json'));
    expect(listed.length).toBeGreaterThanOrEqual(held.length - 1);
    expect(await queue.getFailedCount()).toBe(0);
  }, 300_000);
});
