import { apiRequestReading, readJson, type OutputOf } from './client';
import { api } from './routes';

/** The voice-cloning answers, as libs/contracts declares them. */
export type VoiceCloningStatus = OutputOf<typeof api.voice.voiceStatus>;
export type CloneVoiceResult = OutputOf<typeof api.voice.cloneVoice>;

/** One recorded sample, sent as the file of its field. */
export interface VoiceSampleUpload {
  blob: Blob;
  /** A file name for the part, e.g. `sample0.webm`. */
  fileName: string;
}

/**
 * POST /api/voice-cloning/clone as multipart/form-data, the samples in fields sample0, sample1, ... (3 to 5), with
 * the conventions of every call: the X-Requested-With marker, cookies, the 30 s limit (408) and an ApiError carrying
 * the gateway's `{ error, code }` (413 names the field, 503 names the unconfigured provider).
 */
export function cloneVoice(samples: readonly VoiceSampleUpload[]): Promise<CloneVoiceResult> {
  const form = new FormData();
  samples.forEach((sample, index) => form.append(`sample${index}`, sample.blob, sample.fileName));
  const { method, path } = api.voice.cloneVoice;
  return apiRequestReading(method, path, form, {}, (res) => readJson<CloneVoiceResult>(res));
}

export type IdentifyMusicResult = OutputOf<typeof api.voice.identifyMusic>;
export type Song = NonNullable<IdentifyMusicResult['song']>;
