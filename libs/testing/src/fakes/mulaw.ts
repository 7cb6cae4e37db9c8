/**
 * G.711 μ-law at 8 kHz, the audio of a phone call (Twilio Media Streams, OpenAI's `audio/pcmu`, ElevenLabs'
 * `ulaw_8000`): one byte a sample, 8 bytes a millisecond. Real audio for the fakes: tones that a voice activity
 * detector takes for speech, and silence.
 */
export const MULAW_BYTES_PER_MS = 8;
/** The μ-law byte of a zero sample. */
export const MULAW_SILENCE_BYTE = 0xff;

const BIAS = 0x84;
const CLIP = 32_635;

/** One 16-bit linear sample as μ-law (ITU-T G.711). */
export function linearToMulaw(sample: number): number {
  let s = Math.max(-CLIP, Math.min(CLIP, Math.round(sample)));
  const sign = s < 0 ? 0x80 : 0;
  if (sign) s = -s;
  s += BIAS;
  let exponent = 7;
  for (let mask = 0x4000; (s & mask) === 0 && exponent > 0; mask >>= 1) exponent--;
  const mantissa = (s >> (exponent + 3)) & 0x0f;
  return ~(sign | (exponent << 4) | mantissa) & 0xff;
}

/** One μ-law byte as a 16-bit linear sample. */
export function mulawToLinear(byte: number): number {
  const u = ~byte & 0xff;
  const exponent = (u >> 4) & 0x07;
  const magnitude = ((((u & 0x0f) << 3) + BIAS) << exponent) - BIAS;
  return u & 0x80 ? -magnitude : magnitude;
}

/** `ms` of a tone (a voice-like mix of two frequencies) at `level` of full scale. */
export function mulawTone(ms: number, level = 0.3, hz = 220): Buffer {
  const samples = ms * MULAW_BYTES_PER_MS;
  const out = Buffer.alloc(samples);
  for (let i = 0; i < samples; i++) {
    const t = i / 8_000;
    const value = 0.7 * Math.sin(2 * Math.PI * hz * t) + 0.3 * Math.sin(2 * Math.PI * hz * 2.5 * t);
    out[i] = linearToMulaw(value * level * 32_767);
  }
  return out;
}

/** `ms` of silence. */
export function mulawSilence(ms: number): Buffer {
  return Buffer.alloc(ms * MULAW_BYTES_PER_MS, MULAW_SILENCE_BYTE);
}

/** The root mean square of μ-law audio, as a fraction of full scale (silence is 0, the tones above about 0.2). */
export function mulawLevel(audio: Buffer): number {
  if (audio.length === 0) return 0;
  let sum = 0;
  for (const byte of audio) {
    const v = mulawToLinear(byte) / 32_768;
    sum += v * v;
  }
  return Math.sqrt(sum / audio.length);
}

/** The milliseconds of a base64 μ-law payload, without decoding it. */
export function mulawMsOfBase64(payload: string): number {
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  return ((payload.length * 3) / 4 - padding) / MULAW_BYTES_PER_MS;
}
