import { ValidationError } from '@jarvis/contracts';
import { CronExpressionParser } from 'cron-parser';
import { DEFAULT_CRON, INVALID_CRON, MIN_SCHEDULE_GAP_MINUTES, SCHEDULE_TOO_FREQUENT } from './scenarios.constants';

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
  if (shortestGapMinutes(expression, timeZone) < MIN_SCHEDULE_GAP_MINUTES) {
    throw new ValidationError(SCHEDULE_TOO_FREQUENT, { schedule_cron: [SCHEDULE_TOO_FREQUENT] });
  }
  return expression;
}

/**
 * The shortest time in minutes between two consecutive runs of `expression`, from the minutes and hours cron-parser
 * reads in it: '*\/5 * * * *' is 5, '0,10 * * * *' 10, '0 9 * * 1-5' a day. A day's last run and the next day's first
 * count as consecutive whatever the day fields say ('5,55 0,23 * * 1' is refused for 23:55 and 00:05, a week apart):
 * the schedule is judged by its times of day, at once, without walking its runs.
 */
export function shortestGapMinutes(expression: string, timeZone: string): number {
  const { minute, hour } = CronExpressionParser.parse(expression, { tz: timeZone }).fields;
  const times = hour.values.flatMap((h) => minute.values.map((m) => Number(h) * 60 + Number(m))).sort((a, b) => a - b);
  let shortest = MINUTES_A_DAY - times[times.length - 1] + times[0];
  for (let i = 1; i < times.length; i++) shortest = Math.min(shortest, times[i] - times[i - 1]);
  return shortest;
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

const MINUTES_A_DAY = 24 * 60;

const invalidCron = () => new ValidationError(INVALID_CRON, { schedule_cron: [INVALID_CRON] });
