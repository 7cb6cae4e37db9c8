import { z } from 'zod';
import { endpoint, noInput, returns } from '../endpoint';
import { audioSeconds } from '../quotas';

const MB = 1024 * 1024;
/** Base64 grows bytes by 4/3; a little room for the JSON around it. */
const base64Of = (maxBytes: number) => z.string().min(1).max(Math.ceil((maxBytes * 4) / 3) + 4);
const jsonLimitFor = (maxBytes: number) => Math.ceil((maxBytes * 4) / 3) + 64 * 1024;
const base64 = base64Of(10 * MB);
/** doc1: images up to 5 MB; transcription takes up to 25 MB of audio. */
export const IMAGE_MAX_BYTES = 5 * MB;
export const AUDIO_MAX_BYTES = 25 * MB;
export const VOICE_SAMPLE_MAX_BYTES = 10 * MB;

export const voiceEndpoints = {
  speak: endpoint({
    method: 'POST', path: '/api/speak', service: 'voice', subject: 'voice.speech.speak', access: 'user',
    timeoutMs: 30_000, quota: { kind: 'speech_characters', cost: (input) => input.text.length },
    request: z.object({ text: z.string().trim().min(1, 'text is required').max(4_096), language: z.string().max(20).optional() }),
    response: returns<{ ok: boolean; mime: string; audioBase64: string }>(),
  }),
  transcribe: endpoint({
    method: 'POST', path: '/api/transcribe', service: 'voice', subject: 'voice.speech.transcribe', access: 'user',
    timeoutMs: 30_000, bodyLimitBytes: jsonLimitFor(AUDIO_MAX_BYTES),
    quota: { kind: 'audio_seconds', cost: (input) => audioSeconds(input.audio ?? input.audioBase64 ?? '') },
    request: z
      .object({ audio: base64Of(AUDIO_MAX_BYTES).optional(), audioBase64: base64Of(AUDIO_MAX_BYTES).optional(), mimeType: z.string().max(100).optional() })
      .refine((v) => v.audio || v.audioBase64, { message: 'audio is required', path: ['audio'] }),
    response: returns<{ text: string }>(),
  }),
  translate: endpoint({
    method: 'POST', path: '/api/translate', service: 'voice', subject: 'voice.speech.translate', access: 'user',
    timeoutMs: 30_000, quota: { kind: 'translation_characters', cost: (input) => input.text.length },
    request: z.object({
      text: z.string().trim().min(1, 'text is required').max(8_000),
      fromLanguage: z.string().max(50).optional(),
      toLanguage: z.string().min(1).max(50),
    }),
    response: returns<{ translatedText: string }>(),
  }),
  identifyMusic: endpoint({
    method: 'POST', path: '/api/music/identify', service: 'voice', subject: 'voice.music.identify', access: 'user',
    timeoutMs: 30_000, bodyLimitBytes: jsonLimitFor(10 * MB), request: z.object({ audio: base64 }),
    quota: { kind: 'audio_seconds', cost: (input) => audioSeconds(input.audio) },
    response: returns<{ song: { title: string; artist: string; album?: string; release_date?: string; spotify_url?: string; youtube_url?: string; apple_music_url?: string } | null; error?: string }>(),
  }),
  analyzeImage: endpoint({
    method: 'POST', path: '/api/vision/analyze', service: 'voice', subject: 'voice.vision.analyze', access: 'user',
    // Room above 5 MB so the service, not the gateway, answers IMAGE_TOO_LARGE with doc1's code.
    timeoutMs: 30_000, bodyLimitBytes: jsonLimitFor(8 * MB), quota: { kind: 'image_analyses' },
    // doc1 §8: the image error code of a missing session is UNAUTHORIZED ('Please refresh the page and try again.').
    unauthenticatedCode: 'UNAUTHORIZED',
    request: z.object({
      imageData: base64Of(8 * MB),
      prompt: z.string().max(2_000).optional(),
      imageType: z.string().max(50).optional(),
      requestId: z.string().max(100).optional(),
    }),
    response: returns<{ analysisText: string; requestId?: string }>(),
  }),
  toggleVoiceCloning: endpoint({
    method: 'POST', path: '/api/voice-cloning/toggle', service: 'voice', subject: 'voice.cloning.toggle',
    access: { minTier: 'premium' }, request: z.object({ enabled: z.boolean() }),
    response: returns<{ enabled: boolean }>(),
  }),
  cloneVoice: endpoint({
    method: 'POST', path: '/api/voice-cloning/clone', service: 'voice', subject: 'voice.cloning.clone',
    access: { minTier: 'premium' }, bodyKind: 'multipart', timeoutMs: 30_000, quota: { kind: 'voice_clones' },
    bodyLimitBytes: 5 * VOICE_SAMPLE_MAX_BYTES + MB,
    upload: { fields: ['sample0', 'sample1', 'sample2', 'sample3', 'sample4'], maxFileBytes: VOICE_SAMPLE_MAX_BYTES, contentTypes: ['audio/'] },
    request: z.object({
      files: z
        .array(z.object({ field: z.string().max(20), contentType: z.string().max(100), base64: base64Of(VOICE_SAMPLE_MAX_BYTES) }))
        .min(3, 'Record at least 3 voice samples (got fewer).')
        .max(5, 'Send at most 5 voice samples.'),
    }),
    response: returns<{ status: 'processing' | 'completed' | 'failed'; voiceId?: string }>(),
  }),
  /**
   * Whether the orb and Always mode may talk over `/api/voice/live` (OPENAI_REALTIME_MODEL is set on the voice
   * service); without it they record, transcribe, chat and speak as before.
   */
  liveVoiceStatus: endpoint({
    method: 'GET', path: '/api/voice/live/status', service: 'voice', subject: 'voice.live.status', access: 'user',
    request: noInput,
    response: returns<{ available: boolean }>(),
  }),
  voiceStatus: endpoint({
    method: 'GET', path: '/api/voice-cloning/status', service: 'voice', subject: 'voice.cloning.status', access: 'user',
    request: noInput,
    response: returns<{ elevenLabsVoiceId: string | null; voiceCloningStatus: 'processing' | 'completed' | 'failed' | null; voiceCloningEnabled: boolean }>(),
  }),
};
