import { LIVE_VOICE_IDLE_MS } from '@jarvis/contracts';
import { infraConfigSchema, optionalSecret, optionalUrl, providerBaseUrl } from '@jarvis/platform';
import { z } from 'zod';

/**
 * The voice service's configuration (names from DESIGN.md), read once at start with the infrastructure variables and
 * provided by `ServicePlatformModule.forService({ config })`.
 */
export const voiceConfigSchema = infraConfigSchema.extend({
  OPENAI_API_KEY: optionalSecret,
  /** Any OpenAI-compatible server; with it set, no key is needed. */
  OPENAI_BASE_URL: optionalUrl,
  /** The chat model, used here for translation. */
  OPENAI_MODEL: optionalSecret.transform((v) => v ?? 'gpt-4o-mini'),
  OPENAI_VISION_MODEL: optionalSecret.transform((v) => v ?? 'gpt-4o-mini'),
  OPENAI_TTS_MODEL: optionalSecret.transform((v) => v ?? 'gpt-4o-mini-tts'),
  OPENAI_STT_MODEL: optionalSecret.transform((v) => v ?? 'gpt-4o-mini-transcribe'),
  /** The speech-to-speech model of the browser's live voice (`/api/voice/live`); unset, the orb and Always mode go turn by turn. */
  OPENAI_REALTIME_MODEL: optionalSecret,
  /** A live voice session in which nobody spoke for this long is closed (LIVE_VOICE_IDLE_MS, 2 minutes, by default). */
  LIVE_VOICE_IDLE_SECONDS: z.coerce.number().int().min(1).max(3_600).default(LIVE_VOICE_IDLE_MS / 1000),
  ELEVENLABS_API_KEY: optionalSecret,
  ELEVENLABS_BASE_URL: providerBaseUrl('https://api.elevenlabs.io'),
  AUDD_API_TOKEN: optionalSecret,
  AUDD_BASE_URL: providerBaseUrl('https://api.audd.io'),
});

/** DI token of the voice configuration: `@Inject(VOICE_CONFIG) config: VoiceConfig`. */
export const VOICE_CONFIG = Symbol('VOICE_CONFIG');
export type VoiceConfig = z.output<typeof voiceConfigSchema>;
