import type { Reminder } from '@jarvis/contracts';
import { describe, expect, it } from 'vitest';
import { busyTimesToday } from './owner-context.service';

const reminder = (title: string, at: string | null, done = false): Reminder =>
  ({ id: title, title, when: 'today', reminder_time: at, done, created_at: '2026-03-10T12:00:00Z' }) as Reminder;

describe('what a call may know of the owner', () => {
  it('gives today’s busy times in New York, in order, once each, without a word of what the plans are', () => {
    const now = new Date('2026-03-10T15:00:00Z'); // 11:00 AM in New York
    const times = busyTimesToday(
      [
        reminder('Therapy', '2026-03-10T19:30:00Z'),
        reminder('Dentist', '2026-03-10T14:00:00Z'),
        reminder('Lunch with Sam', '2026-03-10T19:30:00Z'),
        reminder('Done already', '2026-03-10T16:00:00Z', true),
        reminder('Tomorrow', '2026-03-11T14:00:00Z'),
        reminder('Someday', null),
      ],
      now,
    );
    expect(times).toEqual(['10:00 AM', '3:30 PM']);
  });
});
