import { describe, expect, it } from 'vitest';
import {
  callerLabel,
  countByStatus,
  filterPhoneMessages,
  formatCallTime,
  formatDuration,
  formatPhoneNumber,
  messageTypeLabel,
  priorityBadge,
  transcriptPreview,
} from './phone-format';

describe('formatPhoneNumber', () => {
  it('shows ten digits as (xxx) xxx-xxxx', () => {
    expect(formatPhoneNumber('5551234567')).toBe('(555) 123-4567');
    expect(formatPhoneNumber('555.123.4567')).toBe('(555) 123-4567');
  });

  it('adds +1 for eleven digits starting with 1', () => {
    expect(formatPhoneNumber('+15551234567')).toBe('+1 (555) 123-4567');
    expect(formatPhoneNumber('15551234567')).toBe('+1 (555) 123-4567');
  });

  it('leaves other numbers as they came', () => {
    expect(formatPhoneNumber('+442071234567')).toBe('+442071234567');
    expect(formatPhoneNumber('25551234567')).toBe('25551234567');
    expect(formatPhoneNumber('Anonymous')).toBe('Anonymous');
    expect(formatPhoneNumber(' 12345 ')).toBe('12345');
    expect(formatPhoneNumber(null)).toBe('');
  });
});

describe('formatDuration', () => {
  it('shows m:ss', () => {
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(9)).toBe('0:09');
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(600)).toBe('10:00');
    expect(formatDuration(59.6)).toBe('1:00');
  });

  it("shows 'N/A' when the call has no duration", () => {
    expect(formatDuration(null)).toBe('N/A');
    expect(formatDuration(undefined)).toBe('N/A');
    expect(formatDuration(Number.NaN)).toBe('N/A');
    expect(formatDuration(-3)).toBe('N/A');
  });
});

describe('formatCallTime', () => {
  it('shows the time in New York in winter (EST, UTC-5)', () => {
    expect(formatCallTime('2025-11-22T22:07:00.000Z')).toBe('Nov 22, 2025, 5:07 PM ET');
  });

  it('shows the time in New York in summer (EDT, UTC-4), on New York’s date', () => {
    expect(formatCallTime('2025-07-04T02:30:00.000Z')).toBe('Jul 3, 2025, 10:30 PM ET');
    expect(formatCallTime('2025-07-04T13:05:00.000Z')).toBe('Jul 4, 2025, 9:05 AM ET');
  });

  it('gives nothing for a date it cannot read', () => {
    expect(formatCallTime('not a date')).toBe('');
  });
});

describe('callerLabel', () => {
  it("is the caller's name, else the formatted number", () => {
    expect(callerLabel({ caller_name: 'Ann', caller_number: '+15551234567' })).toBe('Ann');
    expect(callerLabel({ caller_name: '  ', caller_number: '+15551234567' })).toBe('+1 (555) 123-4567');
    expect(callerLabel({ caller_name: null, caller_number: '' })).toBe('Unknown caller');
  });
});

describe('messageTypeLabel', () => {
  it('names each message type', () => {
    expect(messageTypeLabel('callback_request')).toBe('Callback request');
    expect(messageTypeLabel('conversation_end')).toBe('Conversation');
    expect(messageTypeLabel('something_new')).toBe('Message');
  });
});

describe('priorityBadge', () => {
  it('has no badge for normal priority', () => {
    expect(priorityBadge('normal')).toBeNull();
    expect(priorityBadge('Normal')).toBeNull();
    expect(priorityBadge('')).toBeNull();
    expect(priorityBadge(undefined)).toBeNull();
  });

  it('marks urgent red, high amber and low quietly', () => {
    expect(priorityBadge('urgent')).toMatchObject({ label: 'Urgent', color: 'error' });
    expect(priorityBadge('high')).toMatchObject({ label: 'High', color: 'warning' });
    expect(priorityBadge('low')).toMatchObject({ label: 'Low', color: 'default', variant: 'outlined' });
    expect(priorityBadge('medium')).toMatchObject({ label: 'Medium', color: 'default' });
  });
});

describe('filterPhoneMessages and countByStatus', () => {
  const messages = [
    { id: 'a', status: 'new', priority: 'urgent' },
    { id: 'b', status: 'read', priority: 'normal' },
    { id: 'c', status: 'new', priority: 'normal' },
    { id: 'd', status: 'archived', priority: 'low' },
  ] as const;

  it('keeps what matches both the status and the priority', () => {
    expect(filterPhoneMessages(messages, { status: 'all', priority: 'all' }).map((m) => m.id)).toEqual([
      'a',
      'b',
      'c',
      'd',
    ]);
    expect(filterPhoneMessages(messages, { status: 'new', priority: 'all' }).map((m) => m.id)).toEqual([
      'a',
      'c',
    ]);
    expect(filterPhoneMessages(messages, { status: 'all', priority: 'normal' }).map((m) => m.id)).toEqual([
      'b',
      'c',
    ]);
    expect(filterPhoneMessages(messages, { status: 'new', priority: 'normal' }).map((m) => m.id)).toEqual([
      'c',
    ]);
    expect(filterPhoneMessages(messages, { status: 'replied', priority: 'all' })).toEqual([]);
  });

  it('counts each status', () => {
    expect(countByStatus(messages)).toEqual({ all: 4, new: 2, read: 1, replied: 0, archived: 1 });
  });
});

describe('transcriptPreview', () => {
  it('keeps a short transcript whole, with its whitespace folded', () => {
    expect(transcriptPreview('  Hi,\n\nplease   call back. ')).toBe('Hi, please call back.');
    expect(transcriptPreview(null)).toBe('');
  });

  it('cuts a long one at a word with an ellipsis', () => {
    const text = 'Please call me back about the quote for the kitchen, I need it before Friday afternoon';
    expect(transcriptPreview(text, 40)).toBe('Please call me back about the quote for…');
    expect(transcriptPreview(text, 40).length).toBeLessThanOrEqual(41);
  });
});
