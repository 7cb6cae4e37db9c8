import { describe, expect, it } from 'vitest';
import { candidateSlots, freeSlots, slotDisplayText } from './booking-slots';

// Monday 23 November 2026, 08:00 in New York (EST, UTC-5).
const mondayMorning = new Date('2026-11-23T13:00:00Z');

describe('booking slots', () => {
  it('offers weekdays 9:00-17:00 New York time every 30 minutes over 14 days', () => {
    const slots = candidateSlots(mondayMorning, 30);
    // 14 days from a Monday: 10 weekdays, 16 half-hour slots each.
    expect(slots).toHaveLength(160);
    expect(slots[0].start.toISOString()).toBe('2026-11-23T14:00:00.000Z');
    expect(slots[15].start.toISOString()).toBe('2026-11-23T21:30:00.000Z');
    expect(slots[16].start.toISOString()).toBe('2026-11-24T14:00:00.000Z');
    const weekdays = new Set(slots.map((s) => s.start.getUTCDay()));
    expect(weekdays.has(0) || weekdays.has(6)).toBe(false);
  });

  it('ends an hour-long meeting by 17:00 and skips what already started', () => {
    const afternoon = new Date('2026-11-23T20:10:00Z'); // 15:10 in New York
    const slots = candidateSlots(afternoon, 60);
    expect(slots[0].start.toISOString()).toBe('2026-11-23T20:30:00.000Z'); // 15:30
    expect(slots[1].start.toISOString()).toBe('2026-11-23T21:00:00.000Z'); // 16:00, ends 17:00
    expect(slots[2].start.toISOString()).toBe('2026-11-24T14:00:00.000Z');
  });

  it('follows daylight saving time: 9:00 is 13:00 UTC in summer', () => {
    const slots = candidateSlots(new Date('2026-07-06T11:00:00Z'), 30);
    expect(slots[0].start.toISOString()).toBe('2026-07-06T13:00:00.000Z');
  });

  it('removes slots that overlap a booking or a busy time', () => {
    const slots = candidateSlots(mondayMorning, 30).slice(0, 6);
    const busy = [{ start: new Date('2026-11-23T14:15:00Z'), end: new Date('2026-11-23T15:00:00Z') }];
    expect(freeSlots(slots, busy).map((s) => s.start.toISOString())).toEqual([
      '2026-11-23T15:00:00.000Z',
      '2026-11-23T15:30:00.000Z',
      '2026-11-23T16:00:00.000Z',
      '2026-11-23T16:30:00.000Z',
    ]);
  });

  it('reads a slot in New York time', () => {
    expect(slotDisplayText(new Date('2026-11-23T14:00:00Z'))).toBe('Monday, November 23 at 9:00 AM');
  });
});
