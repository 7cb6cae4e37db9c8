import { formatInTimeZone } from 'date-fns-tz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeTime, parseWhen, REMINDER_TIME_ZONE } from './when-parser';

/** The parsed instant as an ET wall-clock time with its offset, e.g. 2025-03-08T08:00-05:00. */
function et(text: string, now: string) {
  const instant = parseWhen(text, new Date(now));
  return instant && formatInTimeZone(instant, REMINDER_TIME_ZONE, "yyyy-MM-dd'T'HH:mmXXX");
}

// Friday 7 March 2025, 9:00 am EST. Daylight time starts Sunday 9 March at 2:00 am.
const FRI_9AM = '2025-03-07T14:00:00Z';

describe('parseWhen: the spec hints', () => {
  it("reads 'tomorrow morning' as 8 am tomorrow", () => {
    expect(et('tomorrow morning', FRI_9AM)).toBe('2025-03-08T08:00-05:00');
  });

  it("reads 'this evening' as 6 pm today", () => {
    expect(et('this evening', FRI_9AM)).toBe('2025-03-07T18:00-05:00');
    expect(et('evening', FRI_9AM)).toBe('2025-03-07T18:00-05:00');
  });

  it("reads 'tonight' and 'tomorrow night' as 8 pm", () => {
    expect(et('tonight', FRI_9AM)).toBe('2025-03-07T20:00-05:00');
    expect(et('tomorrow night', FRI_9AM)).toBe('2025-03-08T20:00-05:00');
  });

  it("reads 'this afternoon' as 3 pm", () => {
    expect(et('this afternoon', FRI_9AM)).toBe('2025-03-07T15:00-05:00');
  });

  it('keeps an explicit clock time over the part of the day', () => {
    expect(et('tomorrow evening at 7', FRI_9AM)).toBe('2025-03-08T19:00-05:00');
    expect(et('tomorrow morning at 6:45', FRI_9AM)).toBe('2025-03-08T06:45-05:00');
  });
});

describe('parseWhen: common phrases', () => {
  it('adds a duration as exact elapsed time', () => {
    expect(et('in 2 hours', FRI_9AM)).toBe('2025-03-07T11:00-05:00');
    expect(et('in 30 minutes', FRI_9AM)).toBe('2025-03-07T09:30-05:00');
    expect(et('in 3 days', FRI_9AM)).toBe('2025-03-10T09:00-04:00');
  });

  it("reads 'tomorrow at 5pm' and 'tomorrow 9:30am'", () => {
    expect(et('tomorrow at 5pm', FRI_9AM)).toBe('2025-03-08T17:00-05:00');
    expect(et('tomorrow 9:30am', FRI_9AM)).toBe('2025-03-08T09:30-05:00');
  });

  it("reads 'next monday at 9' as 9 am Monday", () => {
    expect(et('next monday at 9', FRI_9AM)).toBe('2025-03-10T09:00-04:00');
  });

  it('reads a weekday name as its next occurrence, at 9 am', () => {
    expect(et('monday', FRI_9AM)).toBe('2025-03-10T09:00-04:00');
    expect(et('thursday', FRI_9AM)).toBe('2025-03-13T09:00-04:00');
    // Today's own weekday at a time already reached is next week's.
    expect(et('friday', FRI_9AM)).toBe('2025-03-14T09:00-04:00');
    expect(et('friday at 5pm', FRI_9AM)).toBe('2025-03-07T17:00-05:00');
  });

  it('reads dates, with and without a year, at 9 am when no time is given', () => {
    expect(et('2025-03-20', FRI_9AM)).toBe('2025-03-20T09:00-04:00');
    expect(et('March 12 at 4pm', FRI_9AM)).toBe('2025-03-12T16:00-04:00');
    expect(et('Dec 25', FRI_9AM)).toBe('2025-12-25T09:00-05:00');
    // A month and day already past this year is next year's.
    expect(et('Feb 1', FRI_9AM)).toBe('2026-02-01T09:00-05:00');
    expect(et('tomorrow', FRI_9AM)).toBe('2025-03-08T09:00-05:00');
  });

  it('finds the time inside a longer sentence', () => {
    expect(et('call the dentist tomorrow at 5pm please', FRI_9AM)).toBe('2025-03-08T17:00-05:00');
  });

  it('reads a bare hour from 1 to 6 as afternoon and 7 or later as morning', () => {
    expect(et('tomorrow at 3', FRI_9AM)).toBe('2025-03-08T15:00-05:00');
    expect(et('tomorrow at 3am', FRI_9AM)).toBe('2025-03-08T03:00-05:00');
    expect(et('tomorrow at 8', FRI_9AM)).toBe('2025-03-08T08:00-05:00');
    expect(et('tomorrow at 12', FRI_9AM)).toBe('2025-03-08T12:00-05:00');
  });

  it('honours a zone written in the text', () => {
    expect(et('tomorrow at 5pm PST', FRI_9AM)).toBe('2025-03-08T20:00-05:00');
  });

  it('answers null for text that names no time', () => {
    expect(parseWhen('someday', new Date(FRI_9AM))).toBeNull();
    expect(parseWhen('buy milk', new Date(FRI_9AM))).toBeNull();
    expect(parseWhen('   ', new Date(FRI_9AM))).toBeNull();
  });
});

describe('parseWhen: a time of day that has already passed', () => {
  it('moves a time without a date to tomorrow', () => {
    expect(et('at 7am', FRI_9AM)).toBe('2025-03-08T07:00-05:00');
    expect(et('at 10am', FRI_9AM)).toBe('2025-03-07T10:00-05:00');
  });

  it("moves 'this evening' said at 6:30 pm to tomorrow evening, and keeps 'tonight' today", () => {
    const at630pm = '2025-03-07T23:30:00Z';
    expect(et('this evening', at630pm)).toBe('2025-03-08T18:00-05:00');
    expect(et('tonight', at630pm)).toBe('2025-03-07T20:00-05:00');
  });

  it("reads 'morning' at 7 am as 8 am today, and at noon as tomorrow", () => {
    expect(et('morning', '2025-03-07T12:00:00Z')).toBe('2025-03-07T08:00-05:00');
    expect(et('morning', '2025-03-07T17:00:00Z')).toBe('2025-03-08T08:00-05:00');
  });

  it('keeps an explicit past date as given', () => {
    expect(et('yesterday at 5pm', FRI_9AM)).toBe('2025-03-06T17:00-05:00');
  });
});

describe('parseWhen: daylight-saving changes in America/New_York', () => {
  const SAT_9AM_EST = '2025-03-08T14:00:00Z';

  it('keeps wall-clock times across the spring-forward night', () => {
    expect(et('tomorrow at 9am', SAT_9AM_EST)).toBe('2025-03-09T09:00-04:00');
    expect(et('tomorrow morning', SAT_9AM_EST)).toBe('2025-03-09T08:00-04:00');
  });

  it('counts durations in real hours across the change', () => {
    expect(et('in 24 hours', SAT_9AM_EST)).toBe('2025-03-09T10:00-04:00');
    // 1:30 am EST plus one hour is 3:30 am EDT (2:30 never happens).
    expect(et('in 1 hour', '2025-03-09T06:30:00Z')).toBe('2025-03-09T03:30-04:00');
  });

  it('moves a time inside the skipped hour forward by the gap', () => {
    expect(et('March 9 at 2:30am', FRI_9AM)).toBe('2025-03-09T03:30-04:00');
  });

  it('reads a time after the change correctly when now is just before it', () => {
    expect(et('at 9am', '2025-03-09T06:30:00Z')).toBe('2025-03-09T09:00-04:00');
  });

  it('keeps wall-clock times across the fall-back night', () => {
    const sat7pmEdt = '2025-11-01T23:00:00Z';
    expect(et('tomorrow morning', sat7pmEdt)).toBe('2025-11-02T08:00-05:00');
    expect(et('next monday at 9', sat7pmEdt)).toBe('2025-11-03T09:00-05:00');
    // 1:30 am happens twice that night; the first (daylight) one is chosen.
    expect(et('tomorrow at 1:30am', sat7pmEdt)).toBe('2025-11-02T01:30-04:00');
  });

  it('counts durations in real hours across the fall-back change', () => {
    // 12:30 am EDT plus 2 hours is 1:30 am EST.
    expect(et('in 2 hours', '2025-11-02T04:30:00Z')).toBe('2025-11-02T01:30-05:00');
  });
});

describe('parseWhen does not depend on the host time zone', () => {
  const original = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'Australia/Sydney';
  });
  afterAll(() => {
    if (original === undefined) delete process.env.TZ;
    else process.env.TZ = original;
  });

  it('gives the same ET answers on a host in Sydney', () => {
    expect(new Date(FRI_9AM).getHours()).toBe(1); // the host zone really changed
    expect(et('tomorrow morning', FRI_9AM)).toBe('2025-03-08T08:00-05:00');
    expect(et('next monday at 9', FRI_9AM)).toBe('2025-03-10T09:00-04:00');
    expect(et('at 7am', FRI_9AM)).toBe('2025-03-08T07:00-05:00');
    expect(et('this evening', FRI_9AM)).toBe('2025-03-07T18:00-05:00');
  });
});

describe('describeTime', () => {
  it('renders an instant readably in ET', () => {
    expect(describeTime(new Date('2025-03-08T22:00:00Z'))).toBe('Sat, Mar 8, 2025 at 5:00 PM EST');
    expect(describeTime(new Date('2025-07-04T13:30:00Z'))).toBe('Fri, Jul 4, 2025 at 9:30 AM EDT');
  });
});
