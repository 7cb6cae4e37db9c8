import { describe, expect, it } from 'vitest';
import type { Reminder } from '@jarvis/contracts';
import { MISSING_TITLE, MISSING_WHEN, reminderFormError, toNewReminder } from './reminder-form';
import { upcomingReminders } from './use-reminders';

const reminder = (id: string, done: boolean, reminder_time: string | null = null): Reminder => ({
  id,
  title: id,
  when: 'later',
  reminder_time,
  done,
  created_at: '2025-01-01T00:00:00Z',
});

describe('upcomingReminders', () => {
  it('lists at most 5 not-done reminders, soonest first', () => {
    const list = [
      reminder('done', true, '2025-01-01T00:00:00Z'),
      reminder('untimed', false),
      reminder('late', false, '2025-03-01T00:00:00Z'),
      reminder('soon', false, '2025-02-01T00:00:00Z'),
      reminder('a', false, '2025-04-01T00:00:00Z'),
      reminder('b', false, '2025-05-01T00:00:00Z'),
      reminder('c', false, '2025-06-01T00:00:00Z'),
    ];
    expect(upcomingReminders(list).map((r) => r.id)).toEqual(['soon', 'late', 'a', 'b', 'c']);
  });
});

describe('Add New Reminder form', () => {
  it('needs a title and a time in words or a date-time', () => {
    expect(reminderFormError({ title: '  ', naturalTime: 'tomorrow', dateTime: '' })).toBe(MISSING_TITLE);
    expect(reminderFormError({ title: 'Call', naturalTime: ' ', dateTime: '' })).toBe(MISSING_WHEN);
    expect(reminderFormError({ title: 'Call', naturalTime: 'tomorrow', dateTime: '' })).toBeNull();
    expect(reminderFormError({ title: 'Call', naturalTime: '', dateTime: '2025-11-22T17:00' })).toBeNull();
  });

  it('sends the trimmed title, the words as when, and an ISO reminder_time for a picked date-time', () => {
    expect(toNewReminder({ title: ' Call mom ', naturalTime: 'this evening', dateTime: '' })).toEqual({
      title: 'Call mom',
      when: 'this evening',
    });
    const picked = toNewReminder({ title: 'Call', naturalTime: '', dateTime: '2025-11-22T17:00' });
    expect(picked.when).toBe('2025-11-22T17:00');
    expect(picked.reminder_time).toBe(new Date('2025-11-22T17:00').toISOString());
  });
});
