import { describe, expect, it } from 'vitest';
import { checkCron, checkTimeZone, scheduleCronFor } from './schedule';

describe('scenario schedules', () => {
  it("take doc3's examples and refuse what is not a five-field cron", () => {
    expect(checkCron('0 8 * * *', 'America/New_York')).toBe('0 8 * * *');
    expect(checkCron(' 0  9 * * 1-5 ', 'America/New_York')).toBe('0 9 * * 1-5');
    for (const bad of ['', '0 8 * *', '*/10 * * * * *', '0 25 * * *', 'daily at eight', '@daily']) {
      expect(() => checkCron(bad, 'America/New_York'), bad).toThrow('Invalid cron expression');
    }
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
