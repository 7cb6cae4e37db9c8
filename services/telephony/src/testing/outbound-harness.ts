import { api, type CallLog, type RequestInputOf } from '@jarvis/contracts';
import type { TestUser } from '@jarvis/testing';
import { FAKE_AUTH_TOKEN, type FakeCall } from '@jarvis/testing/fakes';
import twilio from 'twilio';
import { startNeighbours } from './neighbours.fake';
import { startTelephony } from './telephony-harness';

/** The number telephony calls from when the user has no line of their own. */
export const CALLER_ID = '+12125550100';

/** A bill-collector request that passes every check, with `overrides`. */
export function billCollector(overrides: Partial<RequestInputOf<typeof api.telephony.billCollectorCall>> = {}) {
  return {
    phoneNumber: '+12125551234',
    companyName: 'Acme Utilities',
    accountNumber: 'AC-1001',
    amount: '$120.50',
    clientName: 'Sam Doe',
    clientEmail: 'billing@acme.test',
    ...overrides,
  };
}

export type OutboundHarness = Awaited<ReturnType<typeof startOutbound>>;

/**
 * Telephony with Twilio's fake (placing calls and playing their callbacks through the signed webhook ingress) and
 * stand-ins for billing, identity, notifications and chat on the same NATS prefix.
 */
export async function startOutbound(label: string, env: Record<string, string | undefined> = {}) {
  const h = await startTelephony(label, { TWILIO_PHONE_NUMBER: CALLER_ID, OUTBOUND_RETRY_BACKOFF_MS: '100', ...env });
  const neighbours = await startNeighbours(h.env.env.NATS_URL, h.env.natsPrefix);
  const close = h.close;
  return Object.assign(h, {
    neighbours,
    close: async () => {
      await close();
      await neighbours.close();
    },
    premium: () => h.newUser('premium'),
    /** Plays one status callback of a held call, signed as Twilio signs it. */
    callStatus(call: FakeCall, CallStatus: string, extra: Record<string, string> = {}) {
      const params = { CallSid: call.sid, From: call.from, To: call.to, CallStatus, ...extra };
      return h.twilio.deliver(call.statusCallback, params, twilio.getExpectedTwilioSignature(FAKE_AUTH_TOKEN, call.statusCallback, params));
    },
    /** The calls placed to `to`, in the order they were placed. */
    placedTo: (to: string) => h.twilio.calls.filter((c) => c.to === to),
    async log(user: TestUser, id: string): Promise<CallLog | undefined> {
      return (await h.call(api.telephony.callLogs, {}, user)).find((l) => l.id === id);
    },
    /** The log once the call has ended (completed or failed). */
    async ended(user: TestUser, id: string, timeoutMs = 15_000): Promise<CallLog> {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const log = (await h.call(api.telephony.callLogs, {}, user)).find((l) => l.id === id);
        if (log && (log.status === 'completed' || log.status === 'failed')) return log;
        if (Date.now() > until) throw new Error(`call ${id} did not end: ${JSON.stringify(log)}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async until<T>(read: () => Promise<T> | T, ok: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
      const end = Date.now() + timeoutMs;
      for (;;) {
        const value = await read();
        if (ok(value)) return value;
        if (Date.now() > end) throw new Error(`condition not met in ${timeoutMs} ms: ${JSON.stringify(value)}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  });
}
