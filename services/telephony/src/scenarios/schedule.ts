import { ValidationError } from '@jarvis/contracts';
import { CronExpressionParser } from 'cron-parser';
import { DEFAULT_CRON, INVALID_CRON } from './scenarios.constants';

/**
 * A standard five-field cron expression (minute hour day-of-month month day-of-week, as doc3's '0 8 * * *' and
 * '0 9 * * 1-5'), checked in its time zone; anything else is a 400 'Invalid cron expression'. Seconds are refused: a
 * scenario is a phone call, not a heartbeat.
 */
export function checkCron(cron: string, timeZone: string): string {
  const expression = cron.trim().replace(/\s+/g, ' ');
  if (expression.split(' ').length !== 5) throw invalidCron();
  try {
    CronExpressionParser.parse(expression, { tz: timeZone }).next();
  } catch {
    throw invalidCron();
  }
  return expression;
}

export function checkTimeZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    throw new ValidationError(`Unknown time zone '${timeZone}'`, { schedule_timezone: ['Use a time zone such as America/New_York'] });
  }
}

/** The cron kept for a scenario: the given one checked, or the default when scheduling is on without one. */
export function scheduleCronFor(enabled: boolean, cron: string | null | undefined, timeZone: string): string | null {
  if (cron?.trim()) return checkCron(cron, timeZone);
  return enabled ? DEFAULT_CRON : null;
}

const invalidCron = () => new ValidationError(INVALID_CRON, { schedule_cron: [INVALID_CRON] });
