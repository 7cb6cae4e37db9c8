import { describe, expect, it } from 'vitest';
import { capText, emailDraftCollapses } from './inline-card';

describe('email draft truncation', () => {
  it('collapses only over 100 characters', () => {
    expect(emailDraftCollapses('a'.repeat(100))).toBe(false);
    expect(emailDraftCollapses('a'.repeat(101))).toBe(true);
  });
});

describe('capText', () => {
  it('caps the web-search toast at 150 characters', () => {
    const capped = capText('x'.repeat(400), 150);
    expect(capped).toHaveLength(150);
    expect(capped.endsWith('…')).toBe(true);
    expect(capText('short answer', 150)).toBe('short answer');
  });
});
