/**
 * The live voice's audio (libs/contracts live-voice.ts): 16-bit linear PCM, little-endian, mono, at 24 kHz, both
 * ways. Plain functions with no DOM, shared by the capture worklet (which runs in the audio thread) and the player.
 */

/** LIVE_VOICE_SAMPLE_RATE (copied: a value import of the contracts would pull zod into this chunk). */
export const LIVE_SAMPLE_RATE = 24_000;
/** The capture worklet's processor (pcm-capture.worklet.ts registers it under this name). */
export const CAPTURE_PROCESSOR_NAME = 'jarvis-pcm16-capture';
/** The microphone is sent in frames of 40 ms: small enough to be heard at once, few enough to cost little. */
export const CAPTURE_FRAME_SAMPLES = 960;

/** One sample in [-1, 1] as a 16-bit integer (clipped). */
export function toInt16(sample: number): number {
  const s = Math.max(-1, Math.min(1, sample));
  return s < 0 ? Math.round(s * 0x8000) : Math.round(s * 0x7fff);
}

/** PCM16 little-endian bytes as samples in [-1, 1), for an AudioBuffer. */
export function pcm16ToFloat32(bytes: ArrayBuffer): Float32Array<ArrayBuffer> {
  const view = new DataView(bytes);
  const out = new Float32Array(Math.floor(bytes.byteLength / 2));
  for (let i = 0; i < out.length; i++) out[i] = view.getInt16(i * 2, true) / 0x8000;
  return out;
}

/**
 * Turns the microphone's samples, as the audio thread hands them over (128 at a time, at the context's rate), into
 * PCM16 frames at 24 kHz of CAPTURE_FRAME_SAMPLES each. A context that could not be opened at 24 kHz (the browser
 * keeps the device's 48 kHz) is resampled by linear interpolation, carrying the position across calls so frames join
 * without a click.
 */
export class Pcm16Encoder {
  private readonly step: number;
  /** Where the next output sample falls, in input samples from the start of the next input block. */
  private position = 0;
  /** The last input sample of the previous block (interpolation reaches back to it). */
  private previous = 0;
  private frame: Int16Array<ArrayBuffer>;
  private filled = 0;

  constructor(
    inputRate: number,
    private readonly frameSamples = CAPTURE_FRAME_SAMPLES,
  ) {
    this.step = inputRate / LIVE_SAMPLE_RATE;
    this.frame = new Int16Array(frameSamples);
  }

  /** Feeds one block; answers the frames it completed (each a PCM16 little-endian ArrayBuffer). */
  push(input: Float32Array): ArrayBuffer[] {
    const frames: ArrayBuffer[] = [];
    const emit = (sample: number) => {
      this.frame[this.filled++] = toInt16(sample);
      if (this.filled === this.frameSamples) {
        frames.push(littleEndian(this.frame));
        this.frame = new Int16Array(this.frameSamples);
        this.filled = 0;
      }
    };
    if (this.step === 1) {
      for (const sample of input) emit(sample);
      return frames;
    }
    // position -1 is the previous block's last sample, 0.. this block's.
    while (this.position <= input.length - 1) {
      const at = Math.floor(this.position);
      const frac = this.position - at;
      const a = at < 0 ? this.previous : input[at];
      const b = at + 1 < input.length ? input[at + 1] : a;
      emit(a + (b - a) * frac);
      this.position += this.step;
    }
    this.position -= input.length;
    this.previous = input[input.length - 1] ?? this.previous;
    return frames;
  }
}

/** The frame's samples as little-endian bytes, whatever the platform's order. */
function littleEndian(samples: Int16Array<ArrayBuffer>): ArrayBuffer {
  const out = new ArrayBuffer(samples.length * 2);
  const view = new DataView(out);
  for (let i = 0; i < samples.length; i++) view.setInt16(i * 2, samples[i], true);
  return out;
}
