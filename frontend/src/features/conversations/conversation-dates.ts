import { formatInTimeZone } from 'date-fns-tz';

/** A date in US Eastern time, e.g. 'Nov 22, 2025'. */
export function formatEastern(iso: string, pattern = 'MMM d, yyyy'): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatInTimeZone(date, 'America/New_York', pattern);
}
