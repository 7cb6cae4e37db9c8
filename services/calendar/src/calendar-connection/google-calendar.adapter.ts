import { Injectable } from '@nestjs/common';
import { calendar, type calendar_v3 } from '@googleapis/calendar';
import { providerCall } from '@jarvis/platform';
import { type CalendarAccess, CalendarConnectionService } from './calendar-connection.service';

/** A span of busy time in the owner's calendar. */
export interface BusyInterval {
  start: Date;
  end: Date;
}

/** A meeting to add to the owner's calendar, with the person who booked it as attendee. */
export interface CalendarMeeting {
  title: string;
  start: Date;
  end: Date;
  bookerName: string;
  bookerEmail: string | null;
}

/** One event of the primary calendar, as a sync reads it. */
export interface CalendarEvent {
  id: string;
  title: string;
  description: string;
  location: string | null;
  start: Date;
  cancelled: boolean;
}

const PAGE_SIZE = 250;
/** The booking page waits this long for the owner's busy times, well inside its own deadline. */
const BUSY_TIMEOUT_MS = 5_000;
/** A week holds far fewer events; the cap stops a runaway pagination. */
const MAX_PAGES = 20;

/**
 * The user's primary Google Calendar on the official client (@googleapis/calendar) pointed at GOOGLE_API_BASE_URL:
 * the events of a window, free/busy, and adding an event. Every call answers null when no calendar is connected.
 */
@Injectable()
export class GoogleCalendarAdapter {
  constructor(private readonly connection: CalendarConnectionService) {}

  private api(access: CalendarAccess): calendar_v3.Calendar {
    return calendar({ version: 'v3', auth: access.client as never, rootUrl: this.connection.rootUrl });
  }

  /** Timed events starting in [from, to), cancelled ones included (a sync removes what they made). */
  listEvents(userId: string, from: Date, to: Date): Promise<CalendarEvent[] | null> {
    return this.connection.withCalendar(userId, async (access) => {
      const api = this.api(access);
      const events: CalendarEvent[] = [];
      let pageToken: string | undefined;
      for (let page = 0; page < MAX_PAGES; page++) {
        const { data } = await providerCall('google', 'calendar.events.list', () => api.events.list({
          calendarId: 'primary',
          timeMin: from.toISOString(),
          timeMax: to.toISOString(),
          singleEvents: true,
          showDeleted: true,
          orderBy: 'startTime',
          maxResults: PAGE_SIZE,
          pageToken,
        }));
        for (const item of data.items ?? []) {
          const start = item.start?.dateTime;
          // All-day events have no time to remind at or call.
          if (!item.id || !start) continue;
          const startAt = new Date(start);
          if (startAt < from || startAt >= to) continue;
          events.push({
            id: item.id,
            title: (item.summary ?? '').trim() || '(No title)',
            description: item.description ?? '',
            location: item.location?.trim() || null,
            start: startAt,
            cancelled: item.status === 'cancelled',
          });
        }
        pageToken = data.nextPageToken ?? undefined;
        if (!pageToken) break;
      }
      return events;
    });
  }

  busy(userId: string, from: Date, to: Date): Promise<BusyInterval[] | null> {
    return this.connection.withCalendar(userId, async (access) => {
      const { data } = await providerCall('google', 'calendar.freebusy.query', () =>
        this.api(access).freebusy.query(
          { requestBody: { timeMin: from.toISOString(), timeMax: to.toISOString(), items: [{ id: 'primary' }] } },
          { timeout: BUSY_TIMEOUT_MS },
        ),
      );
      return (data.calendars?.primary?.busy ?? [])
        .filter((b) => b.start && b.end)
        .map((b) => ({ start: new Date(b.start!), end: new Date(b.end!) }));
    });
  }

  addMeeting(userId: string, meeting: CalendarMeeting): Promise<string | null> {
    return this.connection.withCalendar(userId, async (access) => {
      const { data } = await providerCall('google', 'calendar.events.insert', () => this.api(access).events.insert({
        calendarId: 'primary',
        requestBody: {
          summary: meeting.title,
          description: `Booked through your Jarvis booking page by ${meeting.bookerName}${meeting.bookerEmail ? ` (${meeting.bookerEmail})` : ''}.`,
          start: { dateTime: meeting.start.toISOString() },
          end: { dateTime: meeting.end.toISOString() },
          ...(meeting.bookerEmail ? { attendees: [{ email: meeting.bookerEmail, displayName: meeting.bookerName }] } : {}),
        },
      }));
      return data.id ?? null;
    });
  }
}
