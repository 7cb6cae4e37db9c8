import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { api, ErrorKind, healthSubject, internalApi } from '@jarvis/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLER_ID } from '../testing/outbound-harness';
import { startTelephony, type TelephonyHarness } from '../testing/telephony-harness';

/**
 * Telephony against the real billing service (its built dist, as production runs it, on the same database and NATS
 * prefix): the monthly allowance is billing's atomic counter, not a stand-in.
 */
const BILLING = resolve(__dirname, '../../../billing');
let h: TelephonyHarness;
let billing: ChildProcess | undefined;

beforeAll(async () => {
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-b', 'tsconfig.build.json'], { cwd: BILLING, stdio: 'inherit' });
  h = await startTelephony('outbound-allowance', { TWILIO_PHONE_NUMBER: CALLER_ID });
  h.twilio.callScript = (call) => (call.to === '+12125550902' ? { outcome: 'busy' } : { outcome: 'hold' });
  billing = spawn(process.execPath, [resolve(BILLING, 'dist/main.js')], { env: { ...process.env, SERVICE_NAME: 'billing' }, stdio: 'ignore' });
  for (let i = 0; ; i++) {
    const up = await h.rpc.request(healthSubject('billing'), {}, h.ctx(null), 1_000).then(() => true, () => false);
    if (up) break;
    if (i > 120) throw new Error('billing did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
}, 180_000);
afterAll(async () => {
  billing?.kill('SIGTERM');
  if (billing && billing.exitCode === null) await new Promise((r) => billing!.once('exit', r));
  await h?.close();
});

describe('the monthly call allowance, kept by billing', () => {
  it('queues exactly the 4 calls left of 20 premium requests sent at once, and counts 5 of 5', async () => {
    const alice = h.newUser('premium');
    await h.call(internalApi.billing.reserveCall, {}, alice); // one used already this month
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => h.call(api.telephony.missedCallReturn, { phoneNumber: '+12125550901' }, alice)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(4);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(16);
    for (const r of refused) expect(r.reason).toMatchObject({ kind: ErrorKind.PlanRequired, message: 'Monthly outgoing call limit reached (5 of 5)' });
    expect(await h.call(api.billing.callUsage, {}, alice)).toEqual({ outgoingCallsThisMonth: 5, limit: 5 });
    expect((await h.call(api.telephony.callLogs, {}, alice)).length).toBe(4);
  });

  it('gives the call back when the line was busy, and refuses the free plan with requiresUpgrade', async () => {
    const bob = h.newUser('premium');
    const { callId } = await h.call(api.telephony.missedCallReturn, { phoneNumber: '+12125550902' }, bob);
    for (let i = 0; ; i++) {
      const log = (await h.call(api.telephony.callLogs, {}, bob)).find((l) => l.id === callId);
      if (log?.status === 'failed') break;
      if (i > 200) throw new Error(`the busy call did not end: ${JSON.stringify(log)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    for (let i = 0; (await h.call(api.billing.callUsage, {}, bob)).outgoingCallsThisMonth !== 0; i++) {
      if (i > 100) throw new Error('the call was not given back');
      await new Promise((r) => setTimeout(r, 50));
    }
    const error = await h.fail(api.telephony.missedCallReturn, { phoneNumber: '+12125550901' }, h.newUser('free'));
    expect(error).toMatchObject({ kind: ErrorKind.PlanRequired, details: { requiresUpgrade: true } });
  });
});
