import type { Reminder } from '@jarvis/contracts';
import { describe, expect, it } from 'vitest';
import { buildWhispers } from './whisper-builder';

/** Wednesday 2026-05-06 at the given ET hour (EDT is UTC-4). */
const et = (hour: number, minute = 0, day = 6) => new Date(Date.UTC(2026, 4, day, hour + 4, minute));
const reminder = (title: string, at: Date | null, extra: Partial<Reminder> = {}): Reminder => ({
  id: title.replace(/\W/g, '-'),
  title,
  when: 'soon',
  reminder_time: at?.toISOString() ?? null,
  done: false,
  created_at: et(1).toISOString(),
  ...extra,
});

describe('whispers', () => {
  it('gives bills and planning cards from open reminders, ignoring done ones', () => {
    const whispers = buildWhispers({
      now: et(10),
      reminders: [reminder('Pay rent', et(17)), reminder('Call dentist', et(15)), reminder('Pay phone bill', et(9), { done: true })],
      patterns: [],
    });
    expect(whispers.find((w) => w.type === 'bills')?.text).toBe('"Pay rent" is due today at 5:00 PM.');
    expect(whispers.filter((w) => w.type === 'bills')).toHaveLength(1);
    expect(whispers.find((w) => w.type === 'planning')?.text).toBe('You have 2 reminders left today; next is "Call dentist" at 3:00 PM.');
  });

  it('skips reminder cards when calendar could not be asked', () => {
    const whispers = buildWhispers({ now: et(10), reminders: null, patterns: [] });
    expect(whispers.filter((w) => w.type === 'bills' || w.type === 'planning')).toEqual([]);
  });

  it('suggests a weather check at weekday rush hour, with the home city, and nothing at a quiet hour', () => {
    expect(buildWhispers({ now: et(7, 30), reminders: [], patterns: [], homeLocation: 'Boston' }).find((w) => w.type === 'commute')).toMatchObject({
      text: 'Heading out? Check the weather in Boston before you go.',
      action: "What's the weather in Boston?",
    });
    expect(buildWhispers({ now: et(7, 30, 9), reminders: [], patterns: [] }).find((w) => w.type === 'commute')).toBeUndefined(); // Saturday
    expect(buildWhispers({ now: et(11), reminders: [], patterns: [] })).toEqual([]);
  });

  it('suggests winding down late at night and a break in the afternoon', () => {
    expect(buildWhispers({ now: et(23), reminders: [], patterns: [] }).map((w) => w.type)).toEqual(['wellness']);
    expect(buildWhispers({ now: et(15), reminders: [], patterns: [] }).map((w) => w.type)).toEqual(['wellness']);
  });

  it('offers a rundown when the user usually checks in at this time of day', () => {
    const patterns = [{ id: 'temporal:morning', type: 'temporal' as const, description: '', prediction: '', confidence: 0.8 }];
    expect(buildWhispers({ now: et(11), reminders: [], patterns }).map((w) => w.id)).toEqual(['planning:habit:2026-05-06']);
  });
});
