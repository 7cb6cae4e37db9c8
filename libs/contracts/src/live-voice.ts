/**
 * The browser's live voice (issue 20): `/api/voice/live` (`audioStreams.liveVoice`), a WebSocket the voice service
 * bridges to the model's Realtime API. This is what crosses it between the browser and the service.
 *
 * - Binary frames, both ways, are audio: PCM16, little-endian, mono, at LIVE_VOICE_SAMPLE_RATE. The browser sends
 *   its microphone as it is captured; the service sends the model's reply as it arrives, each frame belonging to the
 *   reply the last `reply_started` named.
 * - Text frames are JSON: `LiveVoiceServerMessage` from the service, `LiveVoiceClientMessage` from the browser.
 */

/** 24 kHz: what the Realtime API's `audio/pcm` format takes and gives. */
export const LIVE_VOICE_SAMPLE_RATE = 24_000;
/** 2 bytes a sample: 48 bytes a millisecond. */
export const LIVE_VOICE_BYTES_PER_MS = (LIVE_VOICE_SAMPLE_RATE * 2) / 1000;
/** The service closes a session in which nobody spoke for this long (LIVE_VOICE_CLOSE.idle). */
export const LIVE_VOICE_IDLE_MS = 120_000;

/** Close codes of a live session, beside WebSocket's own (1000 when the browser leaves, 1011/1012 when lost). */
export const LIVE_VOICE_CLOSE = {
  /** Nobody spoke for LIVE_VOICE_IDLE_MS. */
  idle: 4000,
  /** A daily quota is used up: an `error` with QUOTA_EXCEEDED came first. */
  quota: 4029,
  /** The model went away or refused the session: an `error` came first. */
  unavailable: 4503,
} as const;

/** The service to the browser. */
export type LiveVoiceServerMessage =
  /** The model's session is set up: audio may flow. */
  | { type: 'ready' }
  /** The model heard the user start speaking: whatever Jarvis is saying stops at once (an interruption). */
  | { type: 'speech_started' }
  /** The user stopped: Jarvis is thinking. */
  | { type: 'speech_stopped' }
  /** What the user said, as the input transcription heard it (`itemId`: the user's item). */
  | { type: 'transcript'; itemId: string; text: string }
  /** Jarvis's answer starts: the audio frames that follow are this item's. */
  | { type: 'reply_started'; itemId: string }
  /** The words of Jarvis's answer (what its audio says), once known. */
  | { type: 'reply_text'; itemId: string; text: string }
  /** The model finished answering (`completed`) or stopped (`cancelled`, `failed`...); no more audio of `itemId`. */
  | { type: 'reply_done'; itemId: string | null; status: string }
  /**
   * The exchange is in the chat history: the user's words and Jarvis's answer as far as the user heard it (cut where
   * they spoke over it); `assistantMessageId` null when Jarvis said nothing.
   */
  | {
      type: 'stored';
      userItemId: string;
      replyItemId: string | null;
      transcript: string;
      reply: string;
      userMessageId: string;
      assistantMessageId: string | null;
    }
  /** Something failed; a close follows when the session cannot go on (QUOTA_EXCEEDED, SERVICE_UNAVAILABLE). */
  | { type: 'error'; code: string; error: string };

/**
 * The browser to the service: how much of a reply it played. Sent when a reply's audio has all been played
 * (`complete`), or when the user spoke over it and playback stopped (`complete: false`, `ms` heard), so the model's
 * item is truncated to what was heard and the chat history keeps only that.
 */
export type LiveVoiceClientMessage = { type: 'played'; itemId: string; ms: number; complete: boolean };
