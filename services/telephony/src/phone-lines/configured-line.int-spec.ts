import { api } from '@jarvis/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_URL, startTelephony, type TelephonyHarness } from '../testing/telephony-harness';
import { PhoneLinesService } from './phone-lines.service';

let h: TelephonyHarness;
beforeAll(async () => {
  h = await startTelephony('configured-line', { TWILIO_PHONE_NUMBER: '+15550007777', TWILIO_PHONE_OWNER: 'Alice' });
});
afterAll(() => h?.close());

describe('TWILIO_PHONE_NUMBER with TWILIO_PHONE_OWNER', () => {
  it('gives the owner the line, looked up by username at the gateway, with its webhooks pointed at PUBLIC_URL', async () => {
    const alice = h.newUser('premium');
    const gateway = await h.published<{ data: { username: string } }>('identity.users.lookup', {
      reply: () => ({ id: alice.id, username: 'alice', firstName: 'Alice', lastName: null, email: null, tier: 'premium' }),
    });
    h.twilio.numbers.push({ sid: 'PN00000000000000000000000000007777', phoneNumber: '+15550007777' });
    try {
      expect(await h.get(PhoneLinesService).assignConfiguredLine(1, 0)).toBe(true);
      expect(gateway.bodies().map((request) => request.data.username)).toContain('Alice');
      expect(await h.call(api.telephony.phoneLine, {}, alice)).toMatchObject({ phoneNumber: '+15550007777' });
      expect(h.twilio.numbers.find((n) => n.phoneNumber === '+15550007777')?.voiceUrl).toBe(`${PUBLIC_URL}/webhooks/telephony/voice`);
      // Again (a restart): nothing changes.
      expect(await h.get(PhoneLinesService).assignConfiguredLine(1, 0)).toBe(true);
    } finally {
      await gateway.stop();
    }
  });
});
