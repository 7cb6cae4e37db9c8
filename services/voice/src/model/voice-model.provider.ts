/** Audio produced by a text-to-speech provider. */
export interface SpokenAudio {
  audio: Buffer;
  mime: string;
}

export interface Transcript {
  text: string;
  /** The audio's length when the provider reports it, else an estimate from its size. */
  seconds: number;
}

/** The speech, transcription, translation and vision models; OpenAiAdapter is the implementation. */
export abstract class VoiceModel {
  abstract speak(text: string): Promise<SpokenAudio>;
  abstract transcribe(audio: Buffer, mime: string): Promise<Transcript>;
  abstract translate(text: string, fromLanguage: string | undefined, toLanguage: string): Promise<string>;
  /** The model's description of the image, or '' when it gave nothing usable. */
  abstract analyzeImage(image: Buffer, mime: string, prompt: string): Promise<string>;
}
