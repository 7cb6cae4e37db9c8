/**
 * US Eastern time (America/New_York) with the browser's own Intl, which knows the zone and its summer time: the
 * chat and reminder times need no date library at start.
 */
export const EASTERN_TIME_ZONE = 'America/New_York';

const formatters = new Map<string, Intl.DateTimeFormat>();

function parts(date: Date, options: Intl.DateTimeFormatOptions): Record<string, string> {
  const key = JSON.stringify(options);
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { ...options, timeZone: EASTERN_TIME_ZONE });
    formatters.set(key, format);
  }
  return Object.fromEntries(format.formatToParts(date).map((p) => [p.type, p.value]));
}

/** The hour (0-23) in Eastern time. */
export function easternHour(date: Date): number {
  return Number(parts(date, { hour: 'numeric', hourCycle: 'h23' }).hour);
}

/** '5:07 PM' in Eastern time. */
export function easternClock(date: Date): string {
  const p = parts(date, { hour: 'numeric', minute: '2-digit', hour12: true });
  return `${p.hour}:${p.minute} ${p.dayPeriod.toUpperCase()}`;
}

/** 'Sat, Nov 22, 5:00 PM' in Eastern time. */
export function easternDayAndClock(date: Date): string {
  const p = parts(date, { weekday: 'short', month: 'short', day: 'numeric' });
  return `${p.weekday}, ${p.month} ${p.day}, ${easternClock(date)}`;
}
