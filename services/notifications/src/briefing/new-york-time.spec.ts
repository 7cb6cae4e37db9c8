import { describe, expect, it } from 'vitest';
import { newYorkClock } from './new-york-time';

describe('newYorkClock', () => {
  it('reads the date and 24-hour time in New York, across midnight UTC and daylight saving time', () => {
    expect(newYorkClock(new Date('2026-12-01T03:30:00Z'))).toEqual({ date: '2026-11-30', time: '22:30' });
    expect(newYorkClock(new Date('2026-07-01T11:05:00Z'))).toEqual({ date: '2026-07-01', time: '07:05' });
    expect(newYorkClock(new Date('2026-07-01T04:00:00Z'))).toEqual({ date: '2026-07-01', time: '00:00' });
  });
});
