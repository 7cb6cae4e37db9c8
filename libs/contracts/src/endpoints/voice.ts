import { z } from 'zod';
import { endpoint, returns } from '../endpoint';

const base64 = z.string().min(1).max(14_000_000);

export const voiceEndpoints = {
  speak: endpoint({
    method: 'POST', path: '/api/speak', service: 'voice', subject: 'voice.speech.speak', access: 'user',
    timeoutMs: 30_000,
    request: z.object({ text: z.string().trim().min(1, 'text is required').max(4_096), language: z.string().max(20).optional() }),
    response: returns<{ ok: boolean; mime: string; audioBase64: string }>(),
  }),
  transcribe: endpoint({
    method: 'POST', path: '/api/transcribe', service: 'voice', subject: 'voice.speech.transcribe', access: 'user',
    timeoutMs: 30_000,
    request: z
      .object({ audio: base64.optional(), audioBase64: base64.optional(), mimeType: z.string().max(100).optional() })
      .refine((v) => v.audio || v.audioBase64, { message: 'audio is required', path: ['audio'] }),
    response: returns<{ text: string }>(),
  }),
  translate: endpoint({
    method: 'POST', path: '/api/translate', service: 'voice', subject: 'voice.speech.translate', access: 'user',
    timeoutMs: 30_000,
    request: z.object({
      text: z.string().trim().min(1, 'text is required').max(8_000),
      fromLanguage: z.string().max(50).optional(),
      toLanguage: z.string().min(1).max(50),
    }),
    response: returns<{ translatedText: string }>(),
  }),
  identifyMusic: endpoint({
    method: 'POST', path: '/api/music/identify', service: 'voice', subject: 'voice.music.identify', access: 'user',
    timeoutMs: 30_000, request: z.object({ audio: base64 }),
    response: returns<{ song: { title: string; artist: string; album?: string; release_date?: string; spotify_url?: string; youtube_url?: string; apple_music_url?: string } | null; error?: string }>(),
  }),
  analyzeImage: endpoint({
    method: 'POST', path: '/api/vision/analyze', service: 'voice', subject: 'voice.vision.analyze', access: 'user',
    timeoutMs: 30_000,
    request: z.object({
      imageData: base64,
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
    access: { minTier: 'premium' }, bodyKind: 'multipart', timeoutMs: 30_000,
    request: z.object({
      files: z.array(z.object({ field: z.string(), contentType: z.string(), base64: z.string() })).min(3).max(5),
    }),
    response: returns<{ status: 'processing' | 'completed' | 'failed'; voiceId?: string }>(),
  }),
  voiceStatus: endpoint({
    method: 'GET', path: '/api/voice-cloning/status', service: 'voice', subject: 'voice.cloning.status', access: 'user',
    request: z.object({}).passthrough(),
    response: returns<{ elevenLabsVoiceId: string | null; voiceCloningStatus: 'processing' | 'completed' | 'failed' | null; voiceCloningEnabled: boolean }>(),
  }),
};
