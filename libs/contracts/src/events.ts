import type { Tier } from './context';

/**
 * Durable events (NATS JetStream). Names never change once shipped: a new shape gets a new name (`...v2`).
 * Payloads carry ids, not whole rows.
 */
export interface EventMap {
  'evt.billing.tier.changed': { userId: string; tier: Tier; stripeCustomerId: string | null };
  /** Stripe could not charge a subscription's invoice; notifications tells the user. */
  'evt.billing.payment.failed': { userId: string; invoiceId: string };
  'evt.calendar.reminder.due': { reminderId: string; userId: string; title: string; dueAt: string };
  'evt.calendar.booking.confirmed': { bookingId: string; userId: string; start: string; bookerName: string };
  /** `callbackRequested` when the caller asked for a call back (known once the message was classified). */
  'evt.telephony.phone-message.received': { phoneMessageId: string; userId: string; priority: string; callbackRequested?: boolean };
  'evt.telephony.call.completed': { callId: string; userId: string; status: 'completed' | 'failed' };
  'evt.identity.user.registered': { userId: string };
  /**
   * The user deleted their account: every service erases what it holds for them (and cleans up at its providers),
   * then reports it to identity (`identity.account-deletions.report`), which erases the user's own row last.
   */
  'evt.identity.account.deleted': { userId: string };
}
export type EventName = keyof EventMap;

export interface EventEnvelope<N extends EventName = EventName> {
  /** Idempotency key: a redelivery or a second publish with the same id changes nothing twice. */
  id: string;
  name: N;
  occurredAt: string;
  requestId?: string;
  data: EventMap[N];
}

/** The one stream that captures every `evt.>` subject. */
export const EVENTS_STREAM = 'JARVIS_EVENTS';
