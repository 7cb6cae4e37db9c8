import { describe, expect, it } from 'vitest';
import { analyse, daypartOf, wilsonLowerBound } from './pattern-analysis';

/** A Wednesday at the given ET hour (UTC-4 in May), `i` weeks later. */
const at = (hourEt: number, i = 0) => new Date(Date.UTC(2026, 4, 6 + 7 * i, hourEt + 4, 15));

describe('pattern analysis', () => {
  it('claims nothing without data', () => {
    expect(analyse([])).toEqual({ patterns: [], insights: [] });
    expect(analyse([{ content: 'hi', createdAt: at(9) }])).toEqual({ patterns: [], insights: [] });
  });

  it('finds the time of day in America/New_York', () => {
    expect(daypartOf(at(9)).id).toBe('morning');
    expect(daypartOf(at(23)).id).toBe('night');
    const { patterns, insights } = analyse(Array.from({ length: 6 }, (_, i) => ({ content: 'what is the weather', createdAt: at(8, i) })));
    expect(patterns.find((p) => p.type === 'temporal')).toMatchObject({ id: 'temporal:morning' });
    expect(insights.find((p) => p.type === 'timing_prediction')).toMatchObject({ timeframe: '5am-12pm ET' });
    expect(patterns.find((p) => p.type === 'topical')).toMatchObject({ id: 'topical:weather' });
  });

  it('grows confidence with evidence and keeps it within 0..1', () => {
    const few = analyse(Array.from({ length: 3 }, (_, i) => ({ content: 'remind me to run', createdAt: at(8, i) })));
    const many = analyse(Array.from({ length: 30 }, (_, i) => ({ content: 'remind me to run', createdAt: at(8, i) })));
    const conf = (a: typeof few) => a.patterns.find((p) => p.type === 'temporal')!.confidence;
    expect(conf(few)).toBeLessThan(0.5);
    expect(conf(many)).toBeGreaterThan(0.85);
    for (const p of [...many.patterns, ...many.insights]) {
      expect(p.confidence).toBeGreaterThanOrEqual(0);
      expect(p.confidence).toBeLessThanOrEqual(1);
    }
  });

  it('computes the Wilson lower bound', () => {
    expect(wilsonLowerBound(0, 0)).toBe(0);
    expect(wilsonLowerBound(10, 10)).toBeCloseTo(0.722, 2);
    expect(wilsonLowerBound(5, 10)).toBeCloseTo(0.237, 2);
  });
});
