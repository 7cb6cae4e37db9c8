import { describe, expect, it } from 'vitest';
import { CAPTURE_FRAME_SAMPLES, Pcm16Encoder, pcm16ToFloat32, toInt16 } from './pcm';

const samplesOf = (frame: ArrayBuffer) => {
  const view = new DataView(frame);
  return Array.from({ length: frame.byteLength / 2 }, (_, i) => view.getInt16(i * 2, true));
};

describe('PCM16 for the live voice', () => {
  it('turns samples into 16-bit integers, clipping what is out of range', () => {
    expect(toInt16(0)).toBe(0);
    expect(toInt16(1)).toBe(32_767);
    expect(toInt16(-1)).toBe(-32_768);
    expect(toInt16(2)).toBe(32_767);
    expect(toInt16(-3)).toBe(-32_768);
    expect(toInt16(0.5)).toBe(16_384);
  });

  it('reads little-endian PCM16 back as samples in [-1, 1)', () => {
    const bytes = new ArrayBuffer(6);
    const view = new DataView(bytes);
    view.setInt16(0, 16_384, true);
    view.setInt16(2, -32_768, true);
    view.setInt16(4, 0, true);
    expect(Array.from(pcm16ToFloat32(bytes))).toEqual([0.5, -1, 0]);
  });

  it('sends the microphone at 24 kHz in 40 ms frames as its 128-sample blocks come in', () => {
    const encoder = new Pcm16Encoder(24_000);
    const block = new Float32Array(128).fill(0.25);
    const frames: ArrayBuffer[] = [];
    for (let i = 0; i < 15; i++) frames.push(...encoder.push(block));
    // 15 × 128 = 1920 samples: two whole frames of 960 (40 ms each).
    expect(CAPTURE_FRAME_SAMPLES).toBe(960);
    expect(frames).toHaveLength(2);
    expect(frames[0].byteLength).toBe(1_920);
    expect(samplesOf(frames[0]).every((s) => s === toInt16(0.25))).toBe(true);
  });

  it('halves a 48 kHz microphone into 24 kHz without a click between blocks', () => {
    const encoder = new Pcm16Encoder(48_000, 8);
    // A ramp over two blocks: the output must keep rising steadily across the join.
    const ramp = Array.from({ length: 32 }, (_, i) => i / 64);
    const frames = [
      ...encoder.push(Float32Array.from(ramp.slice(0, 16))),
      ...encoder.push(Float32Array.from(ramp.slice(16))),
    ];
    const out = frames.flatMap(samplesOf);
    expect(out).toHaveLength(16);
    const steps = out.slice(1).map((v, i) => v - out[i]);
    expect(Math.min(...steps)).toBeGreaterThan(0);
    expect(Math.max(...steps) - Math.min(...steps)).toBeLessThanOrEqual(1);
  });
});
