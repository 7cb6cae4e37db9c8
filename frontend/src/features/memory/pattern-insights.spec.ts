import { describe, expect, it } from 'vitest';
import type { Pattern, PatternInsight } from '@jarvis/contracts';
import {
  confidenceColor,
  confidencePercent,
  filterMemories,
  hasPatternMemories,
  importanceColor,
  selectInsights,
  selectPatterns,
} from './pattern-insights';

const pattern = (id: string, confidence: number): Pattern => ({
  id,
  type: 'temporal',
  description: id,
  prediction: '',
  confidence,
});
const insight = (prediction: string, confidence: number): PatternInsight => ({
  type: 'next_topic',
  prediction,
  confidence,
});

describe('Pattern Insights card', () => {
  it('shows up to 3 patterns above 0.5, strongest first', () => {
    const chosen = selectPatterns([
      pattern('a', 0.5),
      pattern('b', 0.55),
      pattern('c', 0.9),
      pattern('d', 0.7),
      pattern('e', 0.6),
    ]);
    expect(chosen.map((p) => p.id)).toEqual(['c', 'd', 'e']);
  });

  it('shows up to 2 insights above 0.6, strongest first', () => {
    const chosen = selectInsights([
      insight('a', 0.6),
      insight('b', 0.61),
      insight('c', 0.95),
      insight('d', 0.7),
    ]);
    expect(chosen.map((i) => i.prediction)).toEqual(['c', 'd']);
  });

  it('copes with nothing loaded', () => {
    expect(selectPatterns(undefined)).toEqual([]);
    expect(selectInsights(null)).toEqual([]);
  });

  it('colours confidence: at least 0.8 green, at least 0.6 yellow, else grey', () => {
    expect(confidenceColor(0.8)).toBe('success');
    expect(confidenceColor(0.79)).toBe('warning');
    expect(confidenceColor(0.6)).toBe('warning');
    expect(confidenceColor(0.59)).toBe('default');
    expect(confidencePercent(0.876)).toBe('88%');
  });
});

describe('Memory Bank', () => {
  it('colours importance: 4+ red, 3 yellow, else grey', () => {
    expect([5, 4, 3, 2, 1].map(importanceColor)).toEqual(['error', 'error', 'warning', 'default', 'default']);
  });

  it('searches content case-insensitively', () => {
    const memories = [{ content: 'Lives in Boston' }, { content: 'Likes coffee' }];
    expect(filterMemories(memories, 'BOSTON')).toEqual([memories[0]]);
    expect(filterMemories(memories, '  ')).toEqual(memories);
  });

  it('offers the pattern cleanup only for interaction memories starting with Pattern:', () => {
    expect(hasPatternMemories([{ type: 'interaction', content: 'Pattern: asks at 9am' }])).toBe(true);
    expect(hasPatternMemories([{ type: 'episode', content: 'Pattern: asks at 9am' }])).toBe(false);
    expect(hasPatternMemories([{ type: 'interaction', content: 'A Pattern: no' }])).toBe(false);
  });
});
