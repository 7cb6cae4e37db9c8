import { describe, expect, it } from 'vitest';
import { canTrain, keptSamples } from './twin-training';

describe('twin training', () => {
  it('keeps only samples longer than 20 characters, trimmed', () => {
    expect(keptSamples(['x'.repeat(20), `  ${'y'.repeat(21)}  `, ''])).toEqual(['y'.repeat(21)]);
  });

  it('needs at least 3 kept samples', () => {
    const long = 'This is a long enough sample.';
    expect(canTrain([long, long, 'too short'])).toBe(false);
    expect(canTrain([long, long, long])).toBe(true);
  });
});
