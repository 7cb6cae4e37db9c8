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
      let log: CallLog | undefined;
      return h.waitFor(
        async () => {
          log = (await h.call(api.telephony.callLogs, {}, user)).find((l) => l.id === id);
          return log && (log.status === 'completed' || log.status === 'failed') ? log : undefined;
        },
        { timeoutMs, intervalMs: 50, message: () => `call ${id} to end; its log: ${JSON.stringify(log)}` },
      );
    },
    /** What `read()` answers once `ok` holds for it. */
    async until<T>(read: () => Promise<T> | T, ok: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
      let value: T | undefined;
      await h.waitFor(async () => ok((value = await read())), { timeoutMs, intervalMs: 50, message: () => `a condition on ${JSON.stringify(value)}` });
      return value as T;
    },
  });
}
