import { describe, expect, it } from 'vitest';
import { billingMonth } from './month';

describe('billingMonth', () => {
  it('counts the evening of the last day of a month in New York as that month, though UTC is already in the next', () => {
    expect(billingMonth(new Date('2026-12-01T03:30:00Z'))).toBe('2026-11');
    expect(billingMonth(new Date('2026-12-01T05:30:00Z'))).toBe('2026-12');
  });

  it('follows daylight saving time', () => {
    expect(billingMonth(new Date('2026-07-01T03:30:00Z'))).toBe('2026-06');
    expect(billingMonth(new Date('2026-07-01T04:30:00Z'))).toBe('2026-07');
  });
});
