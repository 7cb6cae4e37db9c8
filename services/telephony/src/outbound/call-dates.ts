/**
 * Dates of the outbound call form. `scheduledTime` is an ISO instant; `appointmentTime` and `lastInteraction` are
 * words the browser wrote in its own time zone ('January 5, 2027 at 09:00 AM', 'November 20, 2026', 'recently'),
 * which the server does not know. So a wall-clock text is 'in the past' only once it has passed in every time zone
 * (UTC-12), and a day is 'in the future' only while no time zone has reached it yet (UTC+14): a user is never refused
 * for living west or east of New York.
 */

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const HOUR = 3_600_000;
/** The last time zone to reach a wall-clock time, and the first to reach a day. */
const LATEST_OFFSET_HOURS = -12;
const EARLIEST_OFFSET_HOURS = 14;
/** A form submitted at 09:00 for 09:00 is not late: the request took a moment. */
export const SCHEDULE_GRACE_MS = 60_000;

export interface WallClock {
  year: number;
  month: number; // 0-11
  day: number;
  hour: number;
  minute: number;
}

/** 'January 5, 2027 at 09:00 AM', 'January 5, 2027', '2027-01-05' or '2027-01-05T09:00'; null when unreadable. */
export function parseWallClock(text: string): WallClock | null {
  const t = text.trim();
  let m = t.match(/^([A-Za-z]+)\.?\s+(\d{1,2}),?\s+(\d{4})(?:,?\s+(?:at\s+)?(\d{1,2}):(\d{2})\s*([AaPp][Mm]))?$/);
  if (m) {
    const month = MONTHS.findIndex((name) => name.startsWith(m![1].toLowerCase()) && m![1].length >= 3);
    if (month < 0) return null;
    const hour = m[4] === undefined ? 0 : to24h(Number(m[4]), m[6]);
    return checked({ year: Number(m[3]), month, day: Number(m[2]), hour, minute: m[5] === undefined ? 0 : Number(m[5]) });
  }
  m = t.match(/^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?$/);
  if (m) {
    return checked({ year: Number(m[1]), month: Number(m[2]) - 1, day: Number(m[3]), hour: Number(m[4] ?? 0), minute: Number(m[5] ?? 0) });
  }
  return null;
}

/** doc3: 12 AM becomes 0; PM adds 12 except for 12. */
function to24h(hour: number, period: string): number {
  if (hour < 1 || hour > 12) return Number.NaN;
  const pm = period.toLowerCase() === 'pm';
  if (hour === 12) return pm ? 12 : 0;
  return pm ? hour + 12 : hour;
}

function checked(c: WallClock): WallClock | null {
  if (![c.year, c.month, c.day, c.hour, c.minute].every(Number.isInteger)) return null;
  if (c.hour > 23 || c.minute > 59) return null;
  const date = new Date(Date.UTC(c.year, c.month, c.day));
  // Date.UTC rolls Feb 30 over to March: a day that does not exist is unreadable.
  if (date.getUTCFullYear() !== c.year || date.getUTCMonth() !== c.month || date.getUTCDate() !== c.day) return null;
  return c;
}

const utcOf = (c: WallClock) => Date.UTC(c.year, c.month, c.day, c.hour, c.minute);

/** The wall-clock time has passed everywhere on Earth. */
export function wallClockPassedEverywhere(c: WallClock, now = Date.now()): boolean {
  return utcOf(c) - LATEST_OFFSET_HOURS * HOUR < now;
}

/** No time zone has reached this day yet. */
export function dayInFutureEverywhere(c: WallClock, now = Date.now()): boolean {
  const earliest = new Date(now + EARLIEST_OFFSET_HOURS * HOUR);
  return Date.UTC(c.year, c.month, c.day) > Date.UTC(earliest.getUTCFullYear(), earliest.getUTCMonth(), earliest.getUTCDate());
}
