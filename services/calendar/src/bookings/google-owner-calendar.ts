import { Injectable } from '@nestjs/common';
import { GoogleCalendarAdapter } from '../calendar-connection/google-calendar.adapter';
import type { Interval } from './booking-slots';
import { type BookedMeeting, OwnerCalendar } from './owner-calendar.provider';

/** Bookings' view of the owner's Google Calendar: busy times and the booked meeting, when it is connected. */
@Injectable()
export class GoogleOwnerCalendar extends OwnerCalendar {
  constructor(private readonly google: GoogleCalendarAdapter) {
    super();
  }

  async busy(userId: string, from: Date, to: Date): Promise<Interval[]> {
    return (await this.google.busy(userId, from, to)) ?? [];
  }

  addMeeting(userId: string, meeting: BookedMeeting): Promise<string | null> {
    return this.google.addMeeting(userId, meeting);
  }
}
