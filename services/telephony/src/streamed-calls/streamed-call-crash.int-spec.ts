import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { api, type HealthReply, healthSubject } from '@jarvis/contracts';
import type { RealtimeFake } from '@jarvis/testing/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMediaStream, realtimeEnv, startRealtime, utterance } from '../testing/streamed-calls';
import { startTelephony, type TelephonyHarness } from '../testing/telephony-harness';
import { STREAM_LOST_GOODBYE } from './streamed-calls.constants';

/**
 * The replica holding a call's stream is a process of its own (the built service, as production runs it), killed with
 * SIGKILL mid-call: no shutdown hook, no close of the stream, nothing written after that moment.
 */
const PACKAGE = resolve(__dirname, '../..');
let h: TelephonyHarness;
let realtime: RealtimeFake;
let replica: ChildProcess | undefined;

beforeAll(async () => {
  // The replica runs dist/main.js: bring it up to date with the sources (incremental, quick when nothing changed).
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-b', 'tsconfig.build.json'], { cwd: PACKAGE, stdio: 'inherit' });
  realtime = await startRealtime();
  h = await startTelephony('streamed-call-crash', realtimeEnv(realtime));
  replica = spawn(process.execPath, [resolve(PACKAGE, 'dist/main.js')], { env: { ...process.env }, stdio: 'ignore' });
  // Up once it answers its health subject; then the in-process replica leaves, so the stream can only go to it.
  await h.waitFor(
    async () => (await h.rpc.request<HealthReply>(healthSubject('telephony'), {}, h.ctx(null), 2_000)).pid === replica!.pid,
    { timeoutMs: 60_000, intervalMs: 100, message: 'the second replica answering' },
  );
  await h.service.close();
}, 180_000);
afterAll(async () => {
  replica?.kill('SIGKILL');
  await h?.close();
  await realtime?.close();
});

describe('a streamed call whose replica is killed mid-call', () => {
  it('ends cleanly: the stream is given up within seconds, the caller hears the goodbye, and the phone message is written once', async () => {
    const owner = h.newUser('premium');
    const line = await h.newLine(owner, h.twilio);
    const CallSid = h.callSid();
    await h.webhook('/voice', { CallSid, From: '+15550009999', To: line });
    const call = await openMediaStream(h, CallSid);
    await h.waitFor(() => call.media.length > 0, { timeoutMs: 10_000, message: 'the greeting' });
    realtime.turns.push({
      transcript: 'Tell Ann the plumber comes at four.',
      call: { name: 'take_message', arguments: { caller_name: 'Pat', message: 'The plumber comes at four', urgency: 'normal' } },
    });
    await call.speak(utterance(), 0);
    await h.waitFor(async () => (await h.call(api.telephony.phoneMessages, {}, owner)).length === 1, { timeoutMs: 10_000, message: 'the message taken' });

    replica!.kill('SIGKILL');
    const killed = Date.now();
    await new Promise((r) => replica!.once('exit', r));
    // Twilio's callbacks reach a replica that is alive.
    await h.startReplica();
    const closed = await call.closed;
    expect(closed.code).toBe(1011);
    expect(Date.now() - killed).toBeLessThan(5_000);

    // Twilio asks what follows the stream: a goodbye in its own voice, then the end.
    const next = await h.webhook('/media/ended', { CallSid, CallStatus: 'in-progress' });
    expect(next.body).toMatch(/<Say>[^<]*having trouble on this line[^<]*<\/Say>/);
    expect(STREAM_LOST_GOODBYE).toContain('having trouble on this line');
    expect(next.body).toContain('<Hangup/>');
    // Twilio may ask twice: the goodbye is said once.
    expect((await h.webhook('/media/ended', { CallSid, CallStatus: 'in-progress' })).body).not.toContain('<Say>');
    await h.webhook('/status', { CallSid, CallStatus: 'completed', CallDuration: '25' });
    await h.webhook('/status', { CallSid, CallStatus: 'completed', CallDuration: '25' });

    const messages = await h.call(api.telephony.phoneMessages, {}, owner);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ caller_name: 'Pat', duration: 25, action_items: [{ task: 'The plumber comes at four' }] });
    expect(messages[0].transcript).toContain('Caller: Tell Ann the plumber comes at four.');
  });
});
