import { ValidationError } from '@jarvis/contracts';
import { describe, expect, it } from 'vitest';
import { parseWallClock } from './call-dates';
import { checkCallRequest } from './call-requests';

const NOW = Date.parse('2026-11-23T15:00:00Z'); // 10:00 in New York
const fieldsOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).details?.fields as Record<string, string[]>;
  }
  throw new Error('no validation error');
};

describe('checkCallRequest', () => {
  it('refuses a number no network would route, and one not written in E.164', () => {
    expect(fieldsOf(() => checkCallRequest('missed_call', { phoneNumber: '+15551234567' }, NOW))).toHaveProperty('phoneNumber');
    expect(checkCallRequest('missed_call', { phoneNumber: '+12125551234' }, NOW).phoneNumber).toBe('+12125551234');
  });

  it('refuses a scheduled time in the past but lets a form sent a few seconds late through', () => {
    const past = new Date(NOW - 5 * 60_000).toISOString();
    expect(fieldsOf(() => checkCallRequest('missed_call', { phoneNumber: '+12125551234', scheduledTime: past }, NOW)).scheduledTime).toEqual([
      'The scheduled time cannot be in the past',
    ]);
    const justNow = new Date(NOW - 5_000).toISOString();
    expect(checkCallRequest('missed_call', { phoneNumber: '+12125551234', scheduledTime: justNow }, NOW).scheduledTime?.getTime()).toBe(NOW - 5_000);
  });

  it('refuses an appointment that has passed everywhere, and an unreadable one, with every field error at once', () => {
    const fields = fieldsOf(() =>
      checkCallRequest('appointment', { phoneNumber: '+1555', appointmentType: 'Dentist', location: 'Main St', appointmentTime: 'November 21, 2026 at 09:00 AM' }, NOW),
    );
    expect(fields.appointmentTime).toEqual(['The appointment cannot be in the past']);
    expect(fields.phoneNumber).toBeDefined();
    expect(
      fieldsOf(() => checkCallRequest('appointment', { phoneNumber: '+12125551234', appointmentType: 'Dentist', location: 'x', appointmentTime: 'soonish' }, NOW))
        .appointmentTime[0],
    ).toMatch(/January 5, 2027 at 09:00 AM/);
    const later = checkCallRequest('appointment', { phoneNumber: '+12125551234', appointmentType: 'Dentist', location: 'x', appointmentTime: 'December 1, 2026 at 02:30 PM' }, NOW);
    expect(later.payload.appointmentTime).toBe('December 1, 2026 at 02:30 PM');
    expect(later.priority).toBe('high');
  });

  it("takes 'recently' or a past day as the last interaction, never a day no time zone has reached", () => {
    const base = { phoneNumber: '+12125551234', message: 'Thanks', context: 'Quote' };
    expect(checkCallRequest('follow_up', { ...base }, NOW).payload.lastInteraction).toBe('recently');
    expect(checkCallRequest('follow_up', { ...base, lastInteraction: 'November 20, 2026' }, NOW).payload.lastInteraction).toBe('November 20, 2026');
    expect(fieldsOf(() => checkCallRequest('follow_up', { ...base, lastInteraction: 'November 26, 2026' }, NOW)).lastInteraction).toEqual([
      'The last interaction cannot be in the future',
    ]);
  });

  it('keeps the request priority, or the kind’s own', () => {
    expect(checkCallRequest('spam_block', { phoneNumber: '+12125551234', reason: 'x' }, NOW).priority).toBe('low');
    expect(checkCallRequest('spam_block', { phoneNumber: '+12125551234', reason: 'x', priority: 'urgent' }, NOW).priority).toBe('urgent');
  });
});

describe('parseWallClock', () => {
  it('reads the form’s words with 12-hour clocks (12 AM is 0, 12 PM is 12) and refuses days that do not exist', () => {
    expect(parseWallClock('January 5, 2027 at 12:15 AM')).toMatchObject({ year: 2027, month: 0, day: 5, hour: 0, minute: 15 });
    expect(parseWallClock('January 5, 2027 at 12:15 PM')).toMatchObject({ hour: 12 });
    expect(parseWallClock('January 5, 2027 at 01:45 PM')).toMatchObject({ hour: 13, minute: 45 });
    expect(parseWallClock('February 30, 2027')).toBeNull();
    expect(parseWallClock('2027-01-05')).toMatchObject({ year: 2027, month: 0, day: 5 });
  });
});
