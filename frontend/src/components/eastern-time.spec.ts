import { formatInTimeZone } from 'date-fns-tz';
import { describe, expect, it } from 'vitest';
import { easternClock, easternDayAndClock, easternHour } from './eastern-time';

// date-fns-tz (still used by lazily loaded screens) is the reference the Intl version must match.
const samples = [
  '2025-07-01T04:00:00Z',
  '2025-07-01T16:00:00Z',
  '2025-01-15T17:05:00Z',
  '2025-11-02T05:30:00Z', // the night summer time ends
  '2025-03-09T07:15:00Z', // the night summer time starts
  '2025-12-31T23:59:00Z',
];

describe('Eastern time with Intl', () => {
  it.each(samples)('%s matches date-fns-tz', (iso) => {
    const date = new Date(iso);
    expect(easternHour(date)).toBe(Number(formatInTimeZone(date, 'America/New_York', 'H')));
    expect(easternClock(date)).toBe(formatInTimeZone(date, 'America/New_York', 'h:mm a'));
    expect(easternDayAndClock(date)).toBe(formatInTimeZone(date, 'America/New_York', 'EEE, MMM d, h:mm a'));
  });
});
