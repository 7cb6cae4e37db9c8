import { Inject, Injectable } from '@nestjs/common';
import { ProviderUnavailableError } from '@jarvis/contracts';
import { providerFetch, type ProviderInfo, providerUrl, requireCredential, unexpectedStatus } from '@jarvis/platform';
import { extensionOf } from '../audio/audio-format';
import { VOICE_CONFIG, type VoiceConfig } from '../config/voice.config';
import type { SpokenAudio } from '../model/voice-model.provider';
import { VoiceRejectedError } from './cloning.errors';
import { VoiceCloneProvider, type VoiceSample } from './voice-clone.provider';

const PROVIDER: ProviderInfo = { name: 'ElevenLabs', variables: ['ELEVENLABS_API_KEY'] };
const TTS_MODEL = 'eleven_multilingual_v2';

/** ElevenLabs' documented HTTP API: instant voice cloning (POST /v1/voices/add), deleting a voice and text-to-speech. */
@Injectable()
export class ElevenLabsAdapter extends VoiceCloneProvider {
  constructor(@Inject(VOICE_CONFIG) private readonly config: VoiceConfig) {
    super();
  }

  get configured() {
    return Boolean(this.config.ELEVENLABS_API_KEY);
  }

  async addVoice(name: string, samples: VoiceSample[]): Promise<string> {
    const key = requireCredential(PROVIDER, this.config.ELEVENLABS_API_KEY);
    const form = new FormData();
    form.append('name', name);
    samples.forEach((sample, i) => form.append('files', new Blob([new Uint8Array(sample.audio)], { type: sample.contentType }), `sample${i}.${extensionOf(sample.contentType)}`));
    const result = await providerFetch<{ voice_id?: string; detail?: unknown }>(
      PROVIDER,
      providerUrl(this.config.ELEVENLABS_BASE_URL, '/v1/voices/add'),
      { method: 'POST', headers: { 'xi-api-key': key }, body: form },
      60_000,
    );
    if (result.status === 200 && result.body?.voice_id) return result.body.voice_id;
    if (result.status === 400 || result.status === 422) throw new VoiceRejectedError(detailOf(result.body) ?? `ElevenLabs answered ${result.status}`);
    throw unexpectedStatus(PROVIDER, result);
  }

  /** DELETE /v1/voices/{voice_id}: frees the voice's slot on the operator's plan. */
  async deleteVoice(voiceId: string): Promise<void> {
    const key = requireCredential(PROVIDER, this.config.ELEVENLABS_API_KEY);
    const result = await providerFetch<{ detail?: unknown }>(
      PROVIDER,
      providerUrl(this.config.ELEVENLABS_BASE_URL, `/v1/voices/${encodeURIComponent(voiceId)}`),
      { method: 'DELETE', headers: { 'xi-api-key': key } },
    );
    if (result.status >= 200 && result.status < 300) return;
    if (result.status === 404 || VOICE_GONE.has(statusOf(result.body) ?? '')) return;
    throw unexpectedStatus(PROVIDER, result);
  }

  async speak(voiceId: string, text: string): Promise<SpokenAudio> {
    const key = requireCredential(PROVIDER, this.config.ELEVENLABS_API_KEY);
    let res: Response;
    try {
      res = await fetch(providerUrl(this.config.ELEVENLABS_BASE_URL, `/v1/text-to-speech/${encodeURIComponent(voiceId)}?output_format=mp3_44100_128`), {
        method: 'POST',
        headers: { 'xi-api-key': key, 'content-type': 'application/json', accept: 'audio/mpeg' },
        body: JSON.stringify({ text, model_id: TTS_MODEL }),
        signal: AbortSignal.timeout(20_000),
      });
    } catch {
      throw new ProviderUnavailableError(PROVIDER.name, PROVIDER.variables, 'it could not be reached');
    }
    if (!res.ok) throw new ProviderUnavailableError(PROVIDER.name, PROVIDER.variables, `it answered ${res.status}`);
    return { audio: Buffer.from(await res.arrayBuffer()), mime: res.headers.get('content-type')?.split(';')[0] || 'audio/mpeg' };
  }
}

/** ElevenLabs' `detail.status` for a voice it does not have (already deleted). */
const VOICE_GONE = new Set(['voice_not_found', 'voice_does_not_exist']);

function statusOf(body: unknown): string | undefined {
  const detail = (body as { detail?: { status?: unknown } } | null)?.detail;
  return typeof detail?.status === 'string' ? detail.status : undefined;
}

function detailOf(body: unknown): string | undefined {
  const detail = (body as { detail?: unknown } | null)?.detail;
  if (typeof detail === 'string') return detail;
  if (detail && typeof detail === 'object' && typeof (detail as { message?: unknown }).message === 'string') return (detail as { message: string }).message;
  return undefined;
}
