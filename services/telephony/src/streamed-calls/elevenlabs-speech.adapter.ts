import { Inject, Injectable } from '@nestjs/common';
import { ProviderUnavailableError } from '@jarvis/contracts';
import { type ProviderInfo, providerUrl, requireCredential } from '@jarvis/platform';
import { TELEPHONY_CONFIG, type TelephonyConfig } from '../config/telephony.config';
import { OwnerSpeech } from './owner-speech.provider';

const PROVIDER: ProviderInfo = { name: 'ElevenLabs', variables: ['ELEVENLABS_API_KEY'] };
/** ElevenLabs' fastest model, for speech a caller waits for. */
const STREAMING_MODEL = 'eleven_flash_v2_5';
/** A sentence must start sounding within this, or the synthesis is given up. */
const FIRST_AUDIO_TIMEOUT_MS = 5_000;

/**
 * ElevenLabs' streaming text-to-speech (`POST /v1/text-to-speech/{voice_id}/stream?output_format=ulaw_8000`): the
 * audio comes as it is made, already in the phone's format, so each chunk goes to Twilio as it arrives.
 */
@Injectable()
export class ElevenLabsSpeechAdapter extends OwnerSpeech {
  constructor(@Inject(TELEPHONY_CONFIG) private readonly config: TelephonyConfig) {
    super();
  }

  get configured() {
    return Boolean(this.config.ELEVENLABS_API_KEY);
  }

  async stream(voiceId: string, text: string, onAudio: (ulaw: Buffer) => void, signal: AbortSignal): Promise<void> {
    const key = requireCredential(PROVIDER, this.config.ELEVENLABS_API_KEY);
    const url = providerUrl(this.config.ELEVENLABS_BASE_URL, `/v1/text-to-speech/${encodeURIComponent(voiceId)}/stream?output_format=ulaw_8000`);
    const timeout = AbortSignal.timeout(FIRST_AUDIO_TIMEOUT_MS);
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: { 'xi-api-key': key, 'content-type': 'application/json', accept: 'audio/basic' },
        body: JSON.stringify({ text, model_id: STREAMING_MODEL }),
        signal: AbortSignal.any([signal, timeout]),
      });
    } catch (error) {
      if (signal.aborted) return;
      throw new ProviderUnavailableError(PROVIDER.name, PROVIDER.variables, timeout.aborted ? 'it did not answer in time' : 'it could not be reached');
    }
    if (!res.ok || !res.body) {
      await res.body?.cancel().catch(() => undefined);
      throw new ProviderUnavailableError(PROVIDER.name, PROVIDER.variables, `it answered ${res.status}`);
    }
    const reader = res.body.getReader();
    const stop = () => void reader.cancel().catch(() => undefined);
    signal.addEventListener('abort', stop, { once: true });
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done || signal.aborted) return;
        if (value.byteLength > 0) onAudio(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
      }
    } catch (error) {
      if (signal.aborted) return;
      throw new ProviderUnavailableError(PROVIDER.name, PROVIDER.variables, 'the speech stopped halfway');
    } finally {
      signal.removeEventListener('abort', stop);
    }
  }
}
