import { Injectable } from '@nestjs/common';
import { AUDIO_MAX_BYTES, type RequestContext, ValidationError } from '@jarvis/contracts';
import { createLogger } from '@jarvis/platform';
import { decodeBase64, sniffAudio } from '../audio/audio-format';
import { VoiceClonesService } from '../cloning/voice-clones.service';
import { VoiceCloneProvider } from '../cloning/voice-clone.provider';
import { VoiceModel } from '../model/voice-model.provider';
import { UsageService } from '../usage/usage.service';

const log = createLogger('speech');

@Injectable()
export class SpeechService {
  constructor(
    private readonly model: VoiceModel,
    private readonly cloned: VoiceCloneProvider,
    private readonly clones: VoiceClonesService,
    private readonly usage: UsageService,
  ) {}

  /** The user's cloned voice when they turned it on, else (or when it fails) OpenAI's voice. */
  async speak(ctx: RequestContext & { userId: string }, text: string) {
    const voiceId = await this.clones.activeVoice(ctx);
    let spoken = null;
    if (voiceId) {
      spoken = await this.cloned.speak(voiceId, text).catch((error: unknown) => {
        log.warn({ err: error, userId: ctx.userId }, 'cloned voice failed; speaking with the default voice');
        return null;
      });
    }
    spoken ??= await this.model.speak(text);
    await this.usage.addSpoken(ctx.userId, text.length);
    return { ok: true, mime: spoken.mime, audioBase64: spoken.audio.toString('base64') };
  }

  async transcribe(userId: string, input: { audio?: string; audioBase64?: string; mimeType?: string }) {
    const audio = decodeBase64((input.audioBase64 ?? input.audio)!, 'audio');
    if (audio.length === 0) throw new ValidationError('The recording is empty. Record again and retry.');
    if (audio.length > AUDIO_MAX_BYTES) throw new ValidationError('The recording is larger than 25 MB. Record a shorter message.');
    const sniffed = sniffAudio(audio);
    const declared = input.mimeType?.split(';')[0].trim().toLowerCase();
    const mime = sniffed ?? (declared?.startsWith('audio/') || declared?.startsWith('video/') ? declared : undefined);
    if (!mime) throw new ValidationError('The audio could not be decoded: send webm, ogg, mp4, wav or mp3.');
    const transcript = await this.model.transcribe(audio, mime);
    await this.usage.addTranscribed(userId, transcript.seconds);
    return { text: transcript.text };
  }

  async translate(data: { text: string; fromLanguage?: string; toLanguage: string }) {
    const translatedText = await this.model.translate(data.text, data.fromLanguage, data.toLanguage);
    return { translatedText };
  }
}
