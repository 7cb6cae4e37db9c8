/**
 * 16-bit linear PCM, little-endian, mono, at 24 kHz: OpenAI's Realtime `audio/pcm` format and what the browser's live
 * voice sends and plays. 48 bytes a millisecond. Real audio for the fakes: tones a voice activity detector takes for
 * speech, and silence.
 */
export const PCM16_RATE = 24_000;
export const PCM16_BYTES_PER_MS = (PCM16_RATE * 2) / 1000;

/** `ms` of a tone (the same voice-like mix of two frequencies as mulawTone) at `level` of full scale. */
export function pcm16Tone(ms: number, level = 0.3, hz = 220): Buffer {
  const samples = Math.round((ms * PCM16_RATE) / 1000);
  const out = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    const t = i / PCM16_RATE;
    const value = 0.7 * Math.sin(2 * Math.PI * hz * t) + 0.3 * Math.sin(2 * Math.PI * hz * 2.5 * t);
    out.writeInt16LE(Math.round(value * level * 32_767), i * 2);
  }
  return out;
}

/** `ms` of silence. */
export function pcm16Silence(ms: number): Buffer {
  return Buffer.alloc(Math.round((ms * PCM16_RATE) / 1000) * 2);
}

/** The root mean square of PCM16 audio as a fraction of full scale (silence is 0, the tones above about 0.2). */
export function pcm16Level(audio: Buffer): number {
  const samples = Math.floor(audio.length / 2);
  if (samples === 0) return 0;
  let sum = 0;
  for (let i = 0; i < samples; i++) {
    const v = audio.readInt16LE(i * 2) / 32_768;
    sum += v * v;
  }
  return Math.sqrt(sum / samples);
}
