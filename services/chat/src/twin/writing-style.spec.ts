import { describe, expect, it } from 'vitest';
import { describeStyle, measureStyle } from './writing-style';

describe('writing style', () => {
  it('measures sentences, exclamations, emoji and contractions', () => {
    const m = measureStyle(["hey! can't wait 🎉", 'Dear Dr. Smith, thank you for the note.']);
    expect(m.sentences).toBe(3);
    expect(m.exclamationsPerSentence).toBeCloseTo(1 / 3);
    expect(m.emojiPerSample).toBe(0.5);
    expect(m.contractionsPerSentence).toBeCloseTo(1 / 3);
  });

  it('describes only what was measured', () => {
    const profile = describeStyle(measureStyle(['Please find the report attached. Kind regards.', 'Could you confirm the date? Regards.', 'Dear team, the meeting is moved.']));
    expect(profile.tone_adjectives).toEqual(['concise', 'formal', 'calm']);
    expect(profile.voice_summary).toBe('Writes in short sentences (about 4 words) and a formal register.');
  });
});
