import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTelephony, type TelephonyHarness } from '../testing/telephony-harness';

let h: TelephonyHarness;
beforeAll(async () => {
  h = await startTelephony('conversation-no-model');
});
afterAll(() => h?.close());

describe('a premium line without a model', () => {
  it('takes a message as on the free plan', async () => {
    const user = h.newUser('premium');
    const line = await h.newLine(user, h.twilio);
    const reply = await h.webhook('/voice', { CallSid: h.callSid(), From: '+15557654321', To: line });
    expect(reply.body).toContain('<Record');
    expect(reply.body).not.toContain('<Gather');
  });
});
