import {
  ApiError,
  callApi,
  REQUEST_TIMEOUT_MS,
  TIMEOUT_MESSAGE,
  TIMEOUT_STATUS,
  type OutputOf,
} from './client';
import { api } from './routes';

/** The voice-cloning answers, as libs/contracts declares them. */
export type VoiceCloningStatus = OutputOf<typeof api.voice.voiceStatus>;
export type CloneVoiceResult = OutputOf<typeof api.voice.cloneVoice>;

/** POST /api/voice-cloning/toggle: switches 'Use my voice' (premium and enterprise; 409 without a voice yet). */
export function toggleVoiceCloning(enabled: boolean): Promise<{ enabled: boolean }> {
  return callApi(api.voice.toggleVoiceCloning, { enabled });
}

/** One recorded sample, sent as the file of its field. */
export interface VoiceSampleUpload {
  blob: Blob;
  /** A file name for the part, e.g. `sample0.webm`. */
  fileName: string;
}

/**
 * POST /api/voice-cloning/clone as multipart/form-data, the samples in fields sample0, sample1, ... (3 to 5).
 * callApi sends JSON only, so this posts the form itself with the same conventions: the X-Requested-With marker,
 * cookies, the 30 s limit (408) and an ApiError carrying the gateway's `{ error, code }` (413 names the field,
 * 503 names the unconfigured provider).
 */
export async function cloneVoice(samples: readonly VoiceSampleUpload[]): Promise<CloneVoiceResult> {
  const form = new FormData();
  samples.forEach((sample, index) => form.append(`sample${index}`, sample.blob, sample.fileName));
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  try {
    // No Content-Type: the browser sets multipart/form-data with its boundary.
    const res = await fetch(api.voice.cloneVoice.path, {
      method: api.voice.cloneVoice.method,
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      body: form,
      credentials: 'include',
      signal: controller.signal,
    });
    const text = await res.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = undefined;
    }
    if (!res.ok) throw new ApiError(res.status, `${res.status}: ${text || res.statusText}`, body);
    return body as CloneVoiceResult;
  } catch (error) {
    if (timedOut) throw new ApiError(TIMEOUT_STATUS, TIMEOUT_MESSAGE);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** POST /api/speak: the reply as audio in Jarvis's voice (or the user's cloned one). 503 when unconfigured. */
export function speak(input: { text: string; language?: string }): Promise<OutputOf<typeof api.voice.speak>> {
  return callApi(api.voice.speak, input);
}

/** POST /api/transcribe with the recorded audio as base64 and the type the browser recorded. */
export function transcribe(input: { audioBase64: string; mimeType: string }): Promise<{ text: string }> {
  return callApi(api.voice.transcribe, input);
}

/** POST /api/translate; 'Auto-detect' is a valid source language. */
export function translate(input: {
  text: string;
  fromLanguage: string;
  toLanguage: string;
}): Promise<{ translatedText: string }> {
  return callApi(api.voice.translate, input);
}

export type IdentifyMusicResult = OutputOf<typeof api.voice.identifyMusic>;
export type Song = NonNullable<IdentifyMusicResult['song']>;

/** POST /api/music/identify with a short recording: the song, or `{ song: null, error }` when nothing matched. */
export function identifyMusic(audio: string): Promise<IdentifyMusicResult> {
  return callApi(api.voice.identifyMusic, { audio });
}

/** POST /api/vision/analyze: the answer to a question about an image; failures carry doc1's codes. */
export function analyzeImage(input: {
  imageData: string;
  prompt?: string;
  imageType: string;
  requestId: string;
}): Promise<OutputOf<typeof api.voice.analyzeImage>> {
  return callApi(api.voice.analyzeImage, input);
}
