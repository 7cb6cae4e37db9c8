/** A spoken conversation ends after this many caller turns... */
export const MAX_TURNS = 10;
/** ...or this long after it started. */
export const MAX_CONVERSATION_MS = 5 * 60 * 1000;
/** How long the state of a call stays in Redis after its last turn. */
export const STATE_TTL_SECONDS = 15 * 60;
/** The caller saying goodbye ends the conversation. */
export const GOODBYE = /\b(good ?bye|bye|that's all|that is all|talk to you later|have a (good|nice) (day|one))\b/i;
export const FAREWELL = "Thank you for calling. I'll pass everything on. Goodbye!";
export const DID_NOT_HEAR = "Sorry, I didn't catch that. Could you say it again?";
export const FALLBACK_REPLY = "I'm sorry, I'm having trouble right now. I'll make sure your message gets passed on.";
