import { mulawTone } from './mulaw';
import { parseMultipart, type RawFake, startRawFake } from './raw-loopback';

export const FAKE_CLONED_SPEECH = Buffer.concat([Buffer.from('ID3'), Buffer.alloc(32, 9)]);

export interface ElevenLabsFake extends RawFake {
  /** Answers the next `n` add-voice requests with 503, as ElevenLabs does when overloaded. */
  failNext(n: number): void;
  /** Makes text-to-speech answer 500. */
  ttsDown(down: boolean): void;
  /** Makes the next add-voice request take `ms` before it answers (a clone still running when the next one starts). */
  slowNextAdd(ms: number): void;
  /** Answers the next `n` delete-voice requests with 503. */
  failNextDeletes(n: number): void;
  /** The voices the account holds now (made and not deleted). */
  voiceIds(): string[];
  /**
   * Streamed speech asked for (`/v1/text-to-speech/{voice_id}/stream`): μ-law at 8 kHz when `output_format` is
   * ulaw_8000, 100 ms a chunk written every `streamChunkDelayMs` (text length × 40 ms of audio); `aborted` when the
   * client hung up before the last chunk.
   */
  speechStreams: { voiceId: string; text: string; outputFormat: string | null; chunks: number; sent?: number; aborted?: boolean }[];
  streamChunkDelayMs: number;
}

/**
 * ElevenLabs' voices/add (multipart: name, files), DELETE voices/{voice_id} and text-to-speech (JSON in, MP3 out),
 * checking xi-api-key. A sample starting 'SILENT' is refused with 400 as ElevenLabs refuses unusable audio; deleting
 * a voice the account does not hold is 400 `voice_does_not_exist`.
 */
export async function startElevenLabsFake(apiKey: string): Promise<ElevenLabsFake> {
  let failures = 0;
  let ttsDown = false;
  let deleteFailures = 0;
  let slowAddMs = 0;
  let voices = 0;
  const held = new Set<string>();
  const speechStreams: ElevenLabsFake['speechStreams'] = [];
  const raw = await startRawFake(async (req) => {
    if (req.headers['xi-api-key'] !== apiKey) return { status: 401, body: { detail: { status: 'invalid_api_key', message: 'Invalid API key' } } };
    if (req.method === 'POST' && req.path === '/v1/voices/add') {
      if (failures > 0) {
        failures--;
        return { status: 503, body: { detail: { message: 'Service overloaded' } } };
      }
      if (slowAddMs > 0) {
        const wait = slowAddMs;
        slowAddMs = 0;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
      const parts = parseMultipart(req);
      const files = parts.filter((p) => p.name === 'files' && p.filename);
      if (!parts.find((p) => p.name === 'name')?.data.length || files.length === 0) return { status: 422, body: { detail: 'name and files are required' } };
      if (files.some((f) => f.data.subarray(0, 6).toString('latin1') === 'SILENT')) {
        return { status: 400, body: { detail: { status: 'invalid_audio', message: 'The audio contains no speech.' } } };
      }
      voices++;
      held.add(`voice-${voices}`);
      return { body: { voice_id: `voice-${voices}`, requires_verification: false } };
    }
    const voice = /^\/v1\/voices\/([^/]+)$/.exec(req.path);
    if (req.method === 'DELETE' && voice) {
      if (deleteFailures > 0) {
        deleteFailures--;
        return { status: 503, body: { detail: { message: 'Service overloaded' } } };
      }
      const id = decodeURIComponent(voice[1]);
      if (!held.delete(id)) return { status: 400, body: { detail: { status: 'voice_does_not_exist', message: `A voice with voice_id ${id} does not exist.` } } };
      return { body: { status: 'ok' } };
    }
    const streamed = /^\/v1\/text-to-speech\/([^/]+)\/stream$/.exec(req.path);
    if (req.method === 'POST' && streamed) {
      if (ttsDown || !req.json?.text) return { status: 500, body: { detail: 'error' } };
      const outputFormat = req.query.get('output_format');
      if (outputFormat !== 'ulaw_8000') return { status: 422, body: { detail: 'The fake speaks ulaw_8000 only' } };
      const audio = mulawTone(Math.max(200, String(req.json.text).length * 40), 0.3, 180);
      const chunks = Array.from({ length: Math.ceil(audio.length / 800) }, (_, i) => audio.subarray(i * 800, (i + 1) * 800));
      const record: ElevenLabsFake['speechStreams'][number] = { voiceId: decodeURIComponent(streamed[1]), text: req.json.text, outputFormat, chunks: chunks.length };
      speechStreams.push(record);
      return {
        contentType: 'audio/basic',
        stream: { chunks, delayMs: fake.streamChunkDelayMs, onEnd: (sent, aborted) => Object.assign(record, { sent, aborted }) },
      };
    }
    const tts = /^\/v1\/text-to-speech\/([^/]+)$/.exec(req.path);
    if (req.method === 'POST' && tts) {
      if (ttsDown || !req.json?.text) return { status: 500, body: { detail: 'error' } };
      return { body: FAKE_CLONED_SPEECH, contentType: 'audio/mpeg' };
    }
    return { status: 404, body: { detail: 'Not found' } };
  });
  const fake: ElevenLabsFake = {
    ...raw,
    speechStreams,
    streamChunkDelayMs: 20,
    failNext: (n) => (failures = n),
    ttsDown: (down) => (ttsDown = down),
    slowNextAdd: (ms) => (slowAddMs = ms),
    failNextDeletes: (n) => (deleteFailures = n),
    voiceIds: () => [...held],
  };
  return fake;
}
