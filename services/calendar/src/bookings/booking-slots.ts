import { addDays } from 'date-fns';
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';

/** Booking hours: weekdays 9:00-17:00 in New York, a slot every 30 minutes, over the next 14 days. */
export const BOOKING_TIME_ZONE = 'America/New_York';
export const BOOKING_DAYS = 14;
export const DAY_START_HOUR = 9;
export const DAY_END_HOUR = 17;
export const SLOT_STEP_MINUTES = 30;

export interface Interval {
  start: Date;
  end: Date;
}

export interface BookingSlot {
  start: string;
  displayText: string;
}

/** 'Monday, November 23 at 9:00 AM' (New York time). */
export function slotDisplayText(start: Date): string {
  return formatInTimeZone(start, BOOKING_TIME_ZONE, "EEEE, MMMM d 'at' h:mm a");
}

/**
 * Every slot start from today through the 13 days after it (New York dates), Monday to Friday, from 9:00 while the
 * slot still ends by 17:00, later than `now`.
 */
export function candidateSlots(now: Date, durationMinutes: number): Interval[] {
  const slots: Interval[] = [];
  const today = formatInTimeZone(now, BOOKING_TIME_ZONE, 'yyyy-MM-dd');
  // Noon UTC of the New York date, so adding days never crosses a date line.
  const base = new Date(`${today}T12:00:00Z`);
  for (let day = 0; day < BOOKING_DAYS; day++) {
    const date = addDays(base, day);
    const weekday = date.getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const ymd = date.toISOString().slice(0, 10);
    for (let minutes = DAY_START_HOUR * 60; minutes + durationMinutes <= DAY_END_HOUR * 60; minutes += SLOT_STEP_MINUTES) {
      const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
      const mm = String(minutes % 60).padStart(2, '0');
      const start = fromZonedTime(`${ymd}T${hh}:${mm}:00`, BOOKING_TIME_ZONE);
      if (start <= now) continue;
      slots.push({ start, end: new Date(start.getTime() + durationMinutes * 60_000) });
    }
  }
  return slots;
}

export function overlaps(a: Interval, b: Interval): boolean {
  return a.start < b.end && b.start < a.end;
}

/** The candidate slots that overlap none of `taken` (confirmed bookings, the owner's busy times). */
export function freeSlots(candidates: Interval[], taken: Interval[]): Interval[] {
  return candidates.filter((slot) => !taken.some((busy) => overlaps(slot, busy)));
}

export function toBookingSlot(slot: Interval): BookingSlot {
  return { start: slot.start.toISOString(), displayText: slotDisplayText(slot.start) };
}
