import { describe, expect, it } from 'vitest';
import { callKeywordsOf, reminderMinutesOf, syncCompleteText } from './sync-form';

describe('calendar sync form', () => {
  it('reads minutes 1-1440 and falls back to 15 for blank or invalid', () => {
    expect(reminderMinutesOf('30')).toBe(30);
    expect(reminderMinutesOf(' 1 ')).toBe(1);
    expect(reminderMinutesOf('1440')).toBe(1440);
    for (const text of ['', '  ', '0', '1441', '-5', '2.5', 'abc', '1e3'])
      expect(reminderMinutesOf(text)).toBe(15);
  });

  it('splits keywords on commas, trimmed, empties dropped', () => {
    expect(callKeywordsOf(' interview , ,dentist,, flight ')).toEqual(['interview', 'dentist', 'flight']);
    expect(callKeywordsOf('  ')).toEqual([]);
  });

  it("words the 'Sync Complete' toast as doc2 does", () => {
    expect(syncCompleteText({ syncedReminders: 2, syncedCalls: 0 })).toBe('Synced 2 reminders and 0 calls');
  });
});
