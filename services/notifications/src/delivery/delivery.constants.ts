import type { EventEnvelope, EventName, JobMap, NOTIFICATION_EVENTS } from '@jarvis/contracts';

export type NotificationKind = (typeof NOTIFICATION_EVENTS)[number];

export interface InboxEntry {
  userId: string;
  /** The inbox type; also the preference kind that picks the channels unless `channelKind` says otherwise. */
  type: NotificationKind | 'payment_failed';
  channelKind?: NotificationKind;
  title: string;
  message: string;
  priority: 'low' | 'normal' | 'high' | 'urgent';
}

/** Each consumed event as the inbox entry it makes; the kind picks the channels in the user's preferences. */
export const ENTRY_OF = {
  'evt.calendar.reminder.due': (e: EventEnvelope<'evt.calendar.reminder.due'>): InboxEntry => ({
    userId: e.data.userId,
    type: 'reminder',
    title: 'Reminder',
    message: e.data.title,
    priority: 'high',
  }),
  'evt.telephony.phone-message.received': (e: EventEnvelope<'evt.telephony.phone-message.received'>): InboxEntry =>
    e.data.priority === 'urgent'
      ? { userId: e.data.userId, type: 'urgent_message', title: 'Urgent phone message', message: 'A caller left you an urgent message.', priority: 'urgent' }
      : e.data.callbackRequested
        ? { userId: e.data.userId, type: 'callback_request', title: 'Callback requested', message: 'A caller asked you to call them back.', priority: 'high' }
        : { userId: e.data.userId, type: 'phone_call', title: 'New phone message', message: 'A caller left you a message.', priority: 'normal' },
  'evt.telephony.call.completed': (e: EventEnvelope<'evt.telephony.call.completed'>): InboxEntry => ({
    userId: e.data.userId,
    type: 'phone_call',
    title: e.data.status === 'completed' ? 'Outgoing call completed' : 'Outgoing call failed',
    message: e.data.status === 'completed' ? 'Your outgoing call has finished.' : 'Your outgoing call could not be completed.',
    priority: 'normal',
  }),
  'evt.calendar.booking.confirmed': (e: EventEnvelope<'evt.calendar.booking.confirmed'>): InboxEntry => ({
    userId: e.data.userId,
    type: 'reminder',
    title: 'New booking',
    message: `${e.data.bookerName} booked ${new Date(e.data.start).toLocaleString('en-US', { timeZone: 'America/New_York', dateStyle: 'medium', timeStyle: 'short' })}`,
    priority: 'normal',
  }),
  'evt.billing.payment.failed': (e: EventEnvelope<'evt.billing.payment.failed'>): InboxEntry => ({
    userId: e.data.userId,
    type: 'payment_failed',
    // As urgent as an urgent message: the channels the user chose for those.
    channelKind: 'urgent_message',
    title: 'Payment failed',
    message: 'We could not charge your card for your Jarvis plan. Open Manage Billing on the Account page to update it.',
    priority: 'urgent',
  }),
} satisfies Partial<{ [N in EventName]: (e: EventEnvelope<N>) => InboxEntry }>;

export type ConsumedEvent = keyof typeof ENTRY_OF;

/** A channel an inbox entry is delivered on, one queue job each. */
export type Channel = JobMap['notifications.deliver-channel']['channel'];

/**
 * Runs per channel job, the first included; the first backoff (doubling) is NOTIFICATION_RETRY_BACKOFF_MS, 1 s by
 * default.
 */
export const CHANNEL_ATTEMPTS = 4;
/** Channel jobs one replica sends at once (network waits, not CPU). */
export const CHANNEL_CONCURRENCY = 10;
