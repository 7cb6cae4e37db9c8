/**
 * How a live session ended (LiveVoiceEnd.code), beside WebSocket's own codes: LIVE_VOICE_CLOSE of the contracts, copied
 * because a value import of the contracts would pull zod into the chunks that read them.
 */

/** The user or the page ended the session. */
export const CLOSED_BY_USER = 1000;
/** The service closed a session nobody spoke in for 2 minutes (LIVE_VOICE_CLOSE.idle). */
export const CLOSED_IDLE = 4000;
/** The microphone was refused: a code of ours, never sent. */
export const MICROPHONE_REFUSED = 4401;
