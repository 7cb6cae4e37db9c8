import type { CallKind, CallPriority } from './entities/call-log.entity';

/** The kinds of manual call, as the call log's `scenario` names them. */
export const MANUAL_KINDS = ['bill_collector', 'appointment', 'spam_block', 'follow_up', 'missed_call'] as const;
export type ManualKind = (typeof MANUAL_KINDS)[number];
export const isManualKind = (scenario: string): scenario is ManualKind => (MANUAL_KINDS as readonly string[]).includes(scenario);

/** A kind's priority when the request names none: someone waiting on us first, a list removal last. */
export const DEFAULT_PRIORITY: Record<Exclude<CallKind, 'scenario'>, CallPriority> = {
  missed_call: 'high',
  appointment: 'high',
  bill_collector: 'normal',
  follow_up: 'normal',
  spam_block: 'low',
};

/** How a call that ended without a conversation reads in its log. */
export const END_REASONS: Record<string, string> = {
  busy: 'Line busy',
  'no-answer': 'No answer',
  failed: 'The call could not be connected',
  canceled: 'The call was canceled',
};

/** The provider's statuses that end a call. */
export const FINAL_STATUSES = ['completed', 'busy', 'no-answer', 'failed', 'canceled'];

export const NO_FINAL_STATUS = 'No final status from the provider';
export const NO_CALLER_NUMBER = 'No number to call from: set TWILIO_PHONE_NUMBER or claim a phone line';
export const NOT_A_VALID_NUMBER = 'Enter a valid phone number with its country code, e.g. +12125551234';

/**
 * Core NATS subject on which the replica that ends (or deletes) a call wakes the job waiting for it, wherever it runs.
 */
export const callEndedSubject = (natsPrefix: string, callLogId: string) => `${natsPrefix}telephony.outbound.ended.${callLogId}`;
/**
 * A run that finds its call dialing without a CallSid (the run before died waiting for Twilio's answer) first waits
 * this long from the dialing for a status callback to name it, then asks Twilio's call list.
 */
export const DIAL_CALLBACK_WAIT_MS = 10_000;
/** How far Twilio's clock may be behind ours when its call list is searched from the dialing on. */
export const CLOCK_SKEW_MS = 60_000;
/**
 * How many replicas may die under one call's job before it is failed rather than run again: the job lasts as long as
 * the call (up to OUTBOUND_MAX_CALL_MS) and every run of it is safe (a placed call is found again, never placed twice),
 * so a crash, or several during a long call, must not leave the call waiting forever. A job that keeps killing its
 * worker still stops after this many.
 */
export const OUTBOUND_MAX_STALLS = 5;
/** A running call job looks at its row this often even when no replica told it the call ended (a lost message). */
export const CALL_END_POLL_MS = 5_000;
/** A model writing an opening gets this long before the fixed script is used. */
export const OPENING_TIMEOUT_MS = 8_000;

/** The model's instructions for an outbound call's opening, by kind. */
export const OPENING_BRIEFS: Record<ManualKind, string> = {
  bill_collector:
    'You are calling about an unpaid bill. Be polite and factual. State the company and the amount due, and give the ' +
    'account number. Never threaten, never claim consequences that were not given to you, never state anything false. ' +
    'Offer to call back at a better time.',
  appointment: 'You are calling to remind the person of an appointment: say what it is, when and where, and ask them to confirm.',
  spam_block:
    'You are calling a company that keeps calling your owner. Ask politely but firmly that this number be removed from ' +
    'their calling list and added to their do-not-call list, giving the reason.',
  follow_up: 'You are following up on an earlier conversation: recall its context and deliver the message.',
  missed_call: 'You are returning a call your owner missed from this number: introduce yourself and ask how you can help.',
};

/** Spoken at the start of an outbound call, after the opening, by the model on the following turns. */
export const OUTBOUND_SYSTEM_PROMPT =
  'You are Jarvis, a personal assistant placing a phone call on behalf of your owner. Speak briefly and politely, in ' +
  'one to three short sentences a turn, as words to be spoken aloud. Stay on the purpose of the call. Never threaten, ' +
  'never make promises or commitments your owner has not approved, and never state anything you were not told.';

/** Said when the person we called says goodbye (or the conversation reaches its limit). */
export const OUTBOUND_FAREWELL = 'Thank you for your time. Goodbye!';

/** The results the assistant may report of an outbound call (report_outcome on a streamed call), by kind. */
export const OUTCOMES: Record<ManualKind | 'scenario', readonly string[]> = {
  appointment: ['confirmed', 'rescheduled', 'declined', 'no_decision'],
  bill_collector: ['promised_payment', 'paid', 'disputed', 'callback_requested', 'declined', 'no_decision'],
  spam_block: ['agreed_to_remove', 'refused', 'no_decision'],
  follow_up: ['acknowledged', 'callback_requested', 'declined', 'no_decision'],
  missed_call: ['resolved', 'callback_requested', 'message_taken', 'no_decision'],
  scenario: ['delivered', 'callback_requested', 'declined', 'no_decision'],
};
