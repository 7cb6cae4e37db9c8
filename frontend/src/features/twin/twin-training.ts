/** Twin training keeps samples longer than 20 characters and needs at least 3 (doc2 §5, §9). */
export const MIN_SAMPLE_CHARS = 20;
export const MIN_SAMPLES = 3;

export const NEED_MORE_SAMPLES = {
  title: 'Need More Samples',
  description: 'Please provide at least 3 writing samples (20+ characters each)',
};

export const DEFAULT_GUIDELINES =
  "Be helpful and kind. Never make promises I haven't approved. Keep it professional but friendly.";

export function keptSamples(samples: readonly string[]): string[] {
  return samples.map((s) => s.trim()).filter((s) => s.length > MIN_SAMPLE_CHARS);
}

export function canTrain(samples: readonly string[]): boolean {
  return keptSamples(samples).length >= MIN_SAMPLES;
}
