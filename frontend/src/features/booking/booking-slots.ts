import type { BookingSlot } from '../../api/booking';
import { EASTERN_TIME_ZONE, easternClock } from '../../components/eastern-time';

/** One bookable day: its Eastern date key ('2025-11-24') and the slots on it, in order. */
export interface BookingDay {
  key: string;
  weekday: string;
  month: string;
  day: string;
  label: string;
  slots: BookingSlot[];
}

const dayParts = new Intl.DateTimeFormat('en-US', {
  timeZone: EASTERN_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  weekday: 'short',
});
/** en-CA writes a date as YYYY-MM-DD. */
const dayKey = new Intl.DateTimeFormat('en-CA', {
  timeZone: EASTERN_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const longDay = new Intl.DateTimeFormat('en-US', {
  timeZone: EASTERN_TIME_ZONE,
  weekday: 'long',
  month: 'long',
  day: 'numeric',
});

/** The slots grouped by their day in America/New_York, where the booking hours are kept (9:00-17:00). */
export function bookingDays(slots: readonly BookingSlot[]): BookingDay[] {
  const days = new Map<string, BookingDay>();
  const sorted = [...slots].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  for (const slot of sorted) {
    const date = new Date(slot.start);
    if (Number.isNaN(date.getTime())) continue;
    const p = Object.fromEntries(dayParts.formatToParts(date).map((part) => [part.type, part.value]));
    const key = dayKey.format(date);
    let day = days.get(key);
    if (!day) {
      day = { key, weekday: p.weekday, month: p.month, day: p.day, label: longDay.format(date), slots: [] };
      days.set(key, day);
    }
    day.slots.push(slot);
  }
  return [...days.values()];
}

/** A slot's button text: its start in Eastern time ('9:30 AM'). */
export function slotTime(slot: BookingSlot): string {
  const date = new Date(slot.start);
  return Number.isNaN(date.getTime()) ? slot.displayText : easternClock(date);
}
