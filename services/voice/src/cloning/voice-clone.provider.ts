import type { SpokenAudio } from '../model/voice-model.provider';

export interface VoiceSample {
  audio: Buffer;
  contentType: string;
}

/** Makes a voice from recorded samples and speaks with it; ElevenLabsAdapter is the implementation. */
export abstract class VoiceCloneProvider {
  abstract readonly configured: boolean;
  /** The new voice's id. A sample the provider refuses is a VoiceRejectedError. */
  abstract addVoice(name: string, samples: VoiceSample[]): Promise<string>;
  /** Deletes a voice; a voice the provider no longer has counts as deleted. Anything else failing throws. */
  abstract deleteVoice(voiceId: string): Promise<void>;
  abstract speak(voiceId: string, text: string): Promise<SpokenAudio>;
}
