import { Inject, Injectable } from '@nestjs/common';
import { ValidationError } from '@jarvis/contracts';
import { OpenAiConnection, type OpenAiUse, PROVIDER_WORDING } from '@jarvis/platform';
import OpenAI, { toFile } from 'openai';
import { extensionOf } from '../audio/audio-format';
import { VOICE_CONFIG, type VoiceConfig } from '../config/voice.config';
import { type SpokenAudio, type Transcript, VoiceModel } from './voice-model.provider';

/** Opus at ~32 kbit/s, what browsers record: an estimate when the provider does not say how long the audio was. */
const BYTES_PER_SECOND_ESTIMATE = 4_000;

/** How voice uses OpenAI, and what its callers are told when it fails. */
const VOICE_MODEL: OpenAiUse = {
  name: 'OpenAI',
  // The endpoints' deadline is 30 s; one retry at most keeps us inside it.
  timeoutMs: 25_000,
  maxRetries: 1,
  wording: PROVIDER_WORDING,
  busy: { message: 'The speech service is busy. Please try again in a minute.', retryAfterSeconds: 60 },
};

/** Speech, transcription, translation (the chat model) and vision through the platform's OpenAI connection. */
@Injectable()
export class OpenAiAdapter extends VoiceModel {
  private readonly openai: OpenAiConnection;

  constructor(@Inject(VOICE_CONFIG) private readonly config: VoiceConfig) {
    super();
    this.openai = new OpenAiConnection(config, VOICE_MODEL);
  }

  async speak(text: string): Promise<SpokenAudio> {
    const client = this.openai.require();
    try {
      const response = await client.audio.speech.create({ model: this.config.OPENAI_TTS_MODEL, voice: 'alloy', input: text, response_format: 'mp3' });
      return { audio: Buffer.from(await response.arrayBuffer()), mime: 'audio/mpeg' };
    } catch (error) {
      throw this.openai.failure(error);
    }
  }

  async transcribe(audio: Buffer, mime: string): Promise<Transcript> {
    const client = this.openai.require();
    try {
      const file = await toFile(audio, `recording.${extensionOf(mime)}`, { type: mime });
      const result = (await client.audio.transcriptions.create({ model: this.config.OPENAI_STT_MODEL, file, response_format: 'json' })) as {
        text: string;
        usage?: { type?: string; seconds?: number };
      };
      const seconds = result.usage?.type === 'duration' && typeof result.usage.seconds === 'number' ? result.usage.seconds : audio.length / BYTES_PER_SECOND_ESTIMATE;
      return { text: result.text.trim(), seconds };
    } catch (error) {
      if (error instanceof OpenAI.APIError && error.status === 400) throw new ValidationError('The audio could not be decoded. Record again and retry.');
      throw this.openai.failure(error);
    }
  }

  async translate(text: string, fromLanguage: string | undefined, toLanguage: string): Promise<string> {
    const source = !fromLanguage || /^auto/i.test(fromLanguage) ? 'the language it is written in (detect it)' : fromLanguage;
    const answer = await this.chat(this.config.OPENAI_MODEL, [
      {
        role: 'system',
        content: `You are an interpreter. Translate the user's text from ${source} into ${toLanguage}. Answer with the translation only, no notes or quotes.`,
      },
      { role: 'user', content: text },
    ]);
    return answer;
  }

  analyzeImage(image: Buffer, mime: string, prompt: string): Promise<string> {
    return this.chat(this.config.OPENAI_VISION_MODEL, [
      { role: 'system', content: 'You are Jarvis, a helpful assistant. Describe and answer questions about images clearly and concisely.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: prompt },
          { type: 'image_url', image_url: { url: `data:${mime};base64,${image.toString('base64')}` } },
        ],
      },
    ]);
  }

  private async chat(model: string, messages: OpenAI.Chat.Completions.ChatCompletionMessageParam[]): Promise<string> {
    const client = this.openai.require();
    try {
      const completion = await client.chat.completions.create({ model, messages });
      return completion.choices[0]?.message?.content?.trim() ?? '';
    } catch (error) {
      throw this.openai.failure(error);
    }
  }
}
