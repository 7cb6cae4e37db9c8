import type { Interval } from './booking-slots';

export interface BookedMeeting {
  bookingId: string;
  title: string;
  start: Date;
  end: Date;
  bookerName: string;
  bookerEmail: string | null;
}

/**
 * The link owner's own calendar, as bookings need it: busy times to hide and the booked meeting to add. An owner
 * without a connected calendar has no busy times and nothing is added.
 */
export abstract class OwnerCalendar {
  /** Busy intervals of the owner's primary calendar between `from` and `to`; none when it is not connected. */
  abstract busy(userId: string, from: Date, to: Date): Promise<Interval[]>;
  /** Adds the meeting with the booker as attendee; the event id, or null when the calendar is not connected. */
  abstract addMeeting(userId: string, meeting: BookedMeeting): Promise<string | null>;
}

