// What a caller hears on a call to a phone line, and what the assistant is told.
import type { OwnerContext } from '../owner/owner-context.service';

export const NOT_IN_SERVICE = 'Sorry, this number is not in service. Goodbye.';
/** The greeting when chat cannot say the owner's personality in time. */
export const VOICEMAIL_GREETING =
  "Hi, you've reached Jarvis, the personal assistant. The person you are calling can't come to the phone right now. " +
  "Please leave your name, number and a message after the tone, and I'll make sure they get it.";
/** The assistant's instructions on a call; the owner's personality and today's reminders are added when known. */
export const CALL_SYSTEM_PROMPT =
  "You are Jarvis, a personal assistant answering your owner's phone. Speak briefly and warmly, in one to three short " +
  'sentences a turn, as words to be spoken aloud. Find out who is calling, why, and whether they want a call back. ' +
  'Never promise anything on the owner\'s behalf (meetings, payments, decisions) that the owner has not approved: say you will pass it on.';
export const CONVERSATION_GREETING = "Hi, you've reached Jarvis, the personal assistant. How can I help you today?";
/** The greeting of a conversation, with the owner's first name when known. */
export function conversationGreeting(owner: Pick<OwnerContext, 'firstName'>): string {
  return owner.firstName
    ? `Hi, you've reached Jarvis, ${owner.firstName}'s personal assistant. How can I help you today?`
    : CONVERSATION_GREETING;
}

/**
 * The model's instructions for a call: who it speaks for and only what the owner shares with callers (the phone line
 * card). The caller is a stranger who may try anything, so what the owner keeps private is never in here at all.
 */
export function callSystemPrompt(owner: OwnerContext): string {
  return [
    CALL_SYSTEM_PROMPT,
    owner.firstName && `Your owner's first name is ${owner.firstName}.`,
    owner.personality && `Speak in this personality: ${owner.personality}.`,
    owner.twin?.voice && `Your owner's own way of speaking, to echo: ${owner.twin.voice}.`,
    owner.twin?.facts && `Facts about your owner you may share: ${owner.twin.facts}`,
    owner.twin?.boundaries && `Your owner's boundaries, never to cross: ${owner.twin.boundaries}`,
    availability(owner.busyToday),
  ]
    .filter(Boolean)
    .join('\n');
}

/** Today's availability as the owner shares it: busy times only, or that nothing is known. */
function availability(busyToday: string[] | null): string {
  if (busyToday === null) return "You do not know your owner's schedule: if asked when they are free, say you will pass the question on.";
  if (busyToday.length === 0) return 'Your owner has nothing planned today (New York time).';
  return (
    `Your owner is busy today around ${busyToday.join(', ')} (New York time) and free at other times today. ` +
    'You do not know what the plans are.'
  );
}

/** The plans on which the assistant talks with the caller (doc3: 'AI answers calls'). */
export const CONVERSATION_TIERS = ['premium', 'enterprise'];

/** Twilio's <Record> limit for a phone message, in seconds. */
export const MAX_RECORDING_SECONDS = 120;
