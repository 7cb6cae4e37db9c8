import { describe, expect, it } from 'vitest';
import { checkCron, checkTimeZone, scheduleCronFor, shortestGapMinutes } from './schedule';

describe('scenario schedules', () => {
  it("take doc3's examples and refuse what is not a five-field cron", () => {
    expect(checkCron('0 8 * * *', 'America/New_York')).toBe('0 8 * * *');
    expect(checkCron(' 0  9 * * 1-5 ', 'America/New_York')).toBe('0 9 * * 1-5');
    for (const bad of ['', '0 8 * *', '*/10 * * * * *', '0 25 * * *', 'daily at eight', '@daily', '61 8 * * *']) {
      expect(() => checkCron(bad, 'America/New_York'), bad).toThrow('Invalid cron expression');
    }
  });

  it("refuse 'Schedules must be at least 15 minutes apart' for a cron that rings more often, wherever its runs cluster", () => {
    for (const frequent of ['*/5 * * * *', '0,10 * * * *', '* 9 * * *', '0,14 8 * * 1', '*/14 * * * *', '5,55 0,23 * * *', '0,1 9 * * 1-5']) {
      expect(() => checkCron(frequent, 'America/New_York'), frequent).toThrow('Schedules must be at least 15 minutes apart');
    }
    for (const fine of ['0 9 * * 1-5', '0 8 * * *', '*/15 * * * *', '0,15,30,45 * * * *', '0 */2 * * *', '50 23 * * *', '0,30 9 * * 1']) {
      expect(checkCron(fine, 'America/New_York'), fine).toBe(fine);
    }
    expect(shortestGapMinutes('*/5 * * * *', 'UTC')).toBe(5);
    expect(shortestGapMinutes('0,10 * * * *', 'UTC')).toBe(10);
    expect(shortestGapMinutes('0 9 * * 1-5', 'UTC')).toBe(24 * 60);
    expect(shortestGapMinutes('55 23 * * *', 'UTC')).toBe(24 * 60);
  });

  it('default to every day at 8 when scheduling is on without a cron, and keep none when it is off', () => {
    expect(scheduleCronFor(true, null, 'America/New_York')).toBe('0 8 * * *');
    expect(scheduleCronFor(true, '  ', 'America/New_York')).toBe('0 8 * * *');
    expect(scheduleCronFor(false, undefined, 'America/New_York')).toBeNull();
    expect(scheduleCronFor(false, '0 9 * * 1-5', 'America/New_York')).toBe('0 9 * * 1-5');
  });

  it('refuse an unknown time zone', () => {
    expect(checkTimeZone('Europe/Paris')).toBe('Europe/Paris');
    expect(() => checkTimeZone('Mars/Olympus')).toThrow(/Unknown time zone/);
  });
});
