/**
 * The owner's cloned voice, streamed: the text of one sentence in, μ-law audio at 8 kHz out as it is made, ready for
 * Twilio. ElevenLabsSpeechAdapter is the implementation.
 */
export abstract class OwnerSpeech {
  abstract readonly configured: boolean;
  /**
   * Speaks `text` with the voice `voiceId`, giving each piece of audio to `onAudio` as it arrives. Aborting `signal`
   * stops the synthesis (the caller spoke over it). Rejects when the provider fails before or during it.
   */
  abstract stream(voiceId: string, text: string, onAudio: (ulaw: Buffer) => void, signal: AbortSignal): Promise<void>;
}
