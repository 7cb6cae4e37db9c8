import * as chrono from 'chrono-node';
import { formatInTimeZone, fromZonedTime, getTimezoneOffset } from 'date-fns-tz';

/** Reminders are read and shown in this zone (the product's zone, doc2). */
export const REMINDER_TIME_ZONE = 'America/New_York';

/**
 * The hour a part of the day means when no clock time is given. 'tomorrow morning' is 8 am and 'this evening' 6 pm
 * (doc2's hints); 'tonight' and '... night' are 8 pm; 'afternoon' is chrono's 3 pm.
 */
const DAY_PARTS: { pattern: RegExp; hour: number }[] = [
  { pattern: /\bmorning\b/i, hour: 8 },
  { pattern: /\bafternoon\b/i, hour: 15 },
  { pattern: /\bevening\b/i, hour: 18 },
  { pattern: /\b(tonight|night)\b/i, hour: 20 },
];

/** A day without a time ('tomorrow', 'friday', 'March 3') is at 9 am. */
const DATE_ONLY_HOUR = 9;

/** A bare clock hour from 1 to 6 without am/pm ('tomorrow at 3') is afternoon: nobody sets 3 am reminders that way. */
const BARE_HOUR_PM_MAX = 6;

function adjustComponents(components: chrono.ParsingComponents, text: string) {
  if (components.tags().has('result/relativeDate')) return; // 'in 2 hours', 'in 3 days': exact offsets, keep them
  const dayPart = DAY_PARTS.find((p) => p.pattern.test(text));
  if (!components.isCertain('hour')) {
    const hour = dayPart?.hour ?? DATE_ONLY_HOUR;
    components.imply('hour', hour);
    components.imply('minute', 0);
    components.imply('second', 0);
    components.imply('meridiem', hour >= 12 ? chrono.Meridiem.PM : chrono.Meridiem.AM);
    return;
  }
  const hour = components.get('hour') ?? 0;
  if (!dayPart && !components.isCertain('meridiem') && hour >= 1 && hour <= BARE_HOUR_PM_MAX) {
    components.assign('hour', hour + 12);
    components.assign('meridiem', chrono.Meridiem.PM);
  }
}

/** Our day-part hours, applied before chrono's forward-date step so 'this evening' at 7 pm still looks forward. */
const dayPartRefiner: chrono.Refiner = {
  refine(_context, results) {
    for (const result of results) {
      adjustComponents(result.start, result.text);
      if (result.end) adjustComponents(result.end, result.text);
    }
    return results;
  },
};

const parser = (() => {
  const custom = chrono.en.casual.clone();
  const forward = custom.refiners.findIndex((r) => r.constructor.name === 'ForwardDateRefiner');
  custom.refiners.splice(forward === -1 ? custom.refiners.length : forward, 0, dayPartRefiner);
  return custom;
})();

/**
 * The instant of a wall-clock time in `timeZone`; day overflow (31 + 1) rolls into the next month. A time that does
 * not exist (2:30 am on the spring-forward day) moves forward by the gap (3:30 am daylight time); a time that exists
 * twice (1:30 am on the fall-back day) is the first one (daylight time).
 */
function wallClockToInstant(timeZone: string, y: number, mo: number, d: number, h: number, mi: number, s: number) {
  const wanted = new Date(Date.UTC(y, mo - 1, d, h, mi, s)).toISOString().slice(0, 19);
  const instant = fromZonedTime(wanted, timeZone);
  if (formatInTimeZone(instant, timeZone, "yyyy-MM-dd'T'HH:mm:ss") === wanted) return instant;
  // In the gap: the zone's offset after the change minus before it is the gap's length.
  const gapMs = getTimezoneOffset(timeZone, new Date(instant.getTime() + 86_400_000)) - getTimezoneOffset(timeZone, new Date(instant.getTime() - 86_400_000));
  return fromZonedTime(new Date(Date.parse(`${wanted}Z`) + gapMs).toISOString().slice(0, 19), timeZone);
}

/**
 * Reads a free-text time ('tomorrow morning', 'in 2 hours', 'next monday at 9', 'March 3 at 4pm') relative to `now`
 * in `timeZone`. Answers null when the text names no time.
 *
 * - Calendar expressions are computed as wall-clock times in the zone and converted with the zone's own offset on
 *   that day, so 'next monday at 9' is 9:00 ET even across a daylight-saving change.
 * - Durations ('in 2 hours') are exact elapsed time from `now`.
 * - A time of day with no date that has already passed today ('at 7am' at 9 am) means tomorrow; a bare weekday
 *   means its next occurrence.
 * - An explicit zone in the text ('5pm PST') wins over `timeZone`.
 */
export function parseWhen(text: string, now: Date, timeZone: string = REMINDER_TIME_ZONE): Date | null {
  const input = text.trim();
  if (!input) return null;
  const offsetMinutes = getTimezoneOffset(timeZone, now) / 60_000;
  const [result] = parser.parse(input, { instant: now, timezone: offsetMinutes }, { forwardDate: true });
  if (!result) return null;
  const start = result.start;

  // Exact instants: relative durations and texts that name their own zone.
  if (start.isCertain('timezoneOffset')) return start.date();

  const get = (c: chrono.Component) => start.get(c) ?? 0;
  const at = (extraDays: number) =>
    wallClockToInstant(timeZone, get('year'), get('month'), get('day') + extraDays, get('hour'), get('minute'), get('second'));

  let instant = at(0);
  // chrono decided "forward" with the offset of `now`; near a DST change that can be an hour off, so check again.
  const onlyTime = !start.isCertain('day') && !start.isCertain('weekday') && !start.isCertain('month') && !start.isCertain('year');
  if (onlyTime && instant.getTime() <= now.getTime()) instant = at(1);
  else if (start.isCertain('weekday') && !start.isCertain('day') && !start.isCertain('month') && instant.getTime() <= now.getTime()) instant = at(7);
  return instant;
}

/** A readable rendering of an instant in `timeZone`, e.g. 'Sat, Mar 8, 2025 at 5:00 PM EST'. */
export function describeTime(instant: Date, timeZone: string = REMINDER_TIME_ZONE): string {
  return formatInTimeZone(instant, timeZone, "EEE, MMM d, yyyy 'at' h:mm a zzz");
}
