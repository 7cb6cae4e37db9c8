import { describe, expect, it } from 'vitest';
import { formatMessageTime, greetingFor } from './greeting';

describe('greetingFor (America/New_York)', () => {
  it.each([
    ['2025-07-01T04:00:00Z', 'Good morning'], // 00:00 EDT
    ['2025-07-01T15:59:00Z', 'Good morning'], // 11:59 EDT
    ['2025-07-01T16:00:00Z', 'Good afternoon'], // 12:00 EDT
    ['2025-07-01T20:59:00Z', 'Good afternoon'], // 16:59 EDT
    ['2025-07-01T21:00:00Z', 'Good evening'], // 17:00 EDT
    ['2025-01-15T16:30:00Z', 'Good morning'], // 11:30 EST (UTC-5 in winter)
    ['2025-01-15T17:00:00Z', 'Good afternoon'], // 12:00 EST
  ])('%s reads %s', (iso, greeting) => {
    expect(greetingFor(new Date(iso))).toBe(greeting);
  });
});

describe('formatMessageTime', () => {
  it('shows Eastern time with the ET suffix, in summer and winter', () => {
    expect(formatMessageTime('2025-07-01T21:07:00Z')).toBe('5:07 PM ET');
    expect(formatMessageTime('2025-01-15T14:05:00Z')).toBe('9:05 AM ET');
  });

  it('shows nothing for an unreadable timestamp', () => {
    expect(formatMessageTime('not a date')).toBe('');
  });
});
