// How a streamed call (Twilio Media Streams bridged to the Realtime model) is set up and spoken to.

/** The model must be reachable this soon after the stream started, or the call goes on turn by turn. */
export const REALTIME_CONNECT_TIMEOUT_MS = 3_000;
/** Twilio sends `start` right after the socket opens; a stream that says nothing this long is closed. */
export const STREAM_START_TIMEOUT_MS = 10_000;
/** How long a streamed call's state stays in Redis after it was last written (the call's callbacks come after). */
export const STREAMED_CALL_TTL_SECONDS = 30 * 60;
/** Where Twilio asks what follows once the stream ended (`<Connect action>`), under /webhooks/telephony. */
export const STREAM_ENDED_PATH = '/media/ended';
/** Twilio's stream, under /webhooks/telephony (`audioStreams.twilioMedia`). */
export const STREAM_PATH = '/media';

/** The model's voice, and the transcription of the caller's side. */
export const REALTIME_VOICE = 'alloy';
export const INPUT_TRANSCRIPTION_MODEL = 'gpt-4o-mini-transcribe';

/** Said when the turn or time limit is reached, before the farewell (the caller is told why the call ends). */
export const LIMIT_REACHED = "I'm sorry, we've reached the time I have for this call.";
/** Said when the stream is lost mid-call (the replica holding it went away): Twilio's own voice, then the call ends. */
export const STREAM_LOST_GOODBYE = "I'm sorry, I'm having trouble on this line. Your message has been passed on. Goodbye.";
/** The turn-based conversation's first words when the model went away mid-call (the caller was already greeted). */
export const RESUME_GREETING = "I'm sorry, I lost you for a moment. Could you say that again?";
/**
 * A mark follows the model's audio every this much of it (and the end of each answer): the caller's interruption cuts
 * the model's item to within this of what they heard, without a mark for every delta (twice the messages).
 */
export const MARK_EVERY_MS = 100;
/** After the last words were sent, the call is hung up once they were heard, or after this much longer at most. */
export const HANG_UP_GRACE_MS = 1_500;

/** What a caller may ask to be passed on with take_message, and how urgent the assistant judges it. */
export const URGENCIES = ['urgent', 'high', 'normal', 'low'] as const;

/** The tools' part of the instructions, after the persona and context the turn-based engine uses. */
export const INBOUND_TOOL_GUIDE =
  'When you know what the caller wants passed on (who they are, a number to call back, the message), call ' +
  'take_message once with it; you may call it again to add to it. When the caller says goodbye or the conversation ' +
  'is over, say a short goodbye and call end_call.';
export const OUTBOUND_TOOL_GUIDE =
  "When the person has answered the call's purpose (confirmed, rescheduled, declined, promised a payment...), call " +
  'report_outcome with the result. When they say goodbye or the call has served its purpose, say a short goodbye and ' +
  'call end_call.';

/** The model is asked to speak a fixed line (the greeting, a farewell) with these instructions; the line is quoted. */
export const sayExactly = (line: string) => `Say exactly this, in your own voice and nothing else: "${line.replace(/"/g, "'")}"`;
