import { z } from 'zod';
import { emailAddress, endpoint, idParam, noInput, oauthCallback, returns, rowId } from '../endpoint';

export interface Reminder {
  id: string;
  title: string;
  when: string;
  reminder_time: string | null;
  done: boolean;
  created_at: string;
}

export interface CalendarSyncSettings {
  enabled: boolean;
  sync_reminders: boolean;
  reminder_minutes_before: number;
  sync_calls: boolean;
  call_keywords: string[];
}

export const createReminderRequest = z
  .object({
    title: z.string({ error: 'Please provide a title for your reminder.' }).trim().min(1, 'Please provide a title for your reminder.').max(500),
    when: z.string().trim().max(200).optional(),
    reminder_time: z.iso
      .datetime({ offset: true, error: 'reminder_time must be an ISO timestamp' })
      .max(40, 'reminder_time must be an ISO timestamp')
      .optional()
      .nullable(),
  })
  .refine((r) => Boolean(r.when) || Boolean(r.reminder_time), {
    message: 'Please specify when you want to be reminded (either natural language or specific date/time).',
    path: ['when'],
  });

/** Minutes before an event its synced reminder fires: 1-1440; blank or anything else falls back to 15 (doc2). */
export const DEFAULT_REMINDER_MINUTES = 15;
const reminderMinutes = z
  .union([z.number(), z.string().max(20), z.null()])
  .refine((v) => typeof v !== 'string' || !v.includes('\u0000'), 'reminder_minutes_before must not contain NUL characters')
  .transform((value): number => {
    const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : NaN;
    return Number.isInteger(n) && n >= 1 && n <= 1440 ? n : DEFAULT_REMINDER_MINUTES;
  });
/** Call keywords (the settings field splits its comma-separated text): each trimmed, empties dropped. */
const callKeywords = z
  .array(z.string().max(100, 'A keyword can be at most 100 characters'))
  .max(50, 'At most 50 keywords')
  .transform((list) => list.map((k) => k.trim()).filter(Boolean));

/** Location suggestions start at 3 typed characters and list at most 5 places (doc3 §5, §9). */
export const PLACE_QUERY_MIN_CHARS = 3;
export const PLACE_SUGGESTION_LIMIT = 5;

/** One suggested place: the name to fill in and where it is. */
export interface PlaceSuggestion {
  label: string;
  lat: number;
  lon: number;
}

export const calendarEndpoints = {
  reminders: endpoint({
    method: 'GET', path: '/api/reminders', service: 'calendar', subject: 'calendar.reminders.list', access: 'user',
    request: noInput, response: returns<Reminder[]>(),
  }),
  createReminder: endpoint({
    method: 'POST', path: '/api/reminders', service: 'calendar', subject: 'calendar.reminders.create', access: 'user',
    request: createReminderRequest, response: returns<Reminder>(),
  }),
  updateReminder: endpoint({
    method: 'PUT', path: '/api/reminders/:id', service: 'calendar', subject: 'calendar.reminders.update',
    access: 'user',
    request: z.object({
      id: rowId(),
      done: z.boolean().optional(),
      title: z.string().trim().min(1).max(500).optional(),
      when: z.string().trim().min(1).max(200).optional(),
    }),
    response: returns<Reminder>(),
  }),
  deleteReminder: endpoint({
    method: 'DELETE', path: '/api/reminders/:id', service: 'calendar', subject: 'calendar.reminders.delete',
    access: 'user', request: idParam, response: returns<{ success: true }>(),
  }),
  connect: endpoint({
    method: 'GET', path: '/api/calendar/connect', service: 'calendar', subject: 'calendar.connection.start',
    access: 'user', request: noInput, response: returns<{ location: string }>(), responseKind: 'redirect',
  }),
  /** Google sends the popup here; the reply is a small HTML page that closes the popup (the opener polls status). */
  oauthCallback: endpoint({
    method: 'GET', path: '/api/calendar/oauth/callback', service: 'calendar', subject: 'calendar.connection.callback',
    access: 'user', request: oauthCallback, response: returns<{ contentType: string; base64: string }>(), responseKind: 'binary',
    timeoutMs: 20_000,
  }),
  connectionStatus: endpoint({
    method: 'GET', path: '/api/calendar/connection-status', service: 'calendar', subject: 'calendar.connection.status',
    access: 'user', request: noInput, response: returns<{ connected: boolean; email: string | null }>(),
  }),
  syncStatus: endpoint({
    method: 'GET', path: '/api/calendar/sync-status', service: 'calendar', subject: 'calendar.sync.status',
    access: 'user', request: noInput,
    response: returns<{
      settings: CalendarSyncSettings;
      lastSyncAt: string | null;
      recentSyncs: { id: string; event_type: 'call' | 'reminder'; event_title: string; event_start: string }[];
    }>(),
  }),
  disconnect: endpoint({
    method: 'POST', path: '/api/calendar/disconnect', service: 'calendar', subject: 'calendar.connection.disconnect',
    access: 'user', request: noInput, response: returns<{ success: true }>(),
  }),
  syncSettings: endpoint({
    method: 'POST', path: '/api/calendar/sync-settings', service: 'calendar', subject: 'calendar.sync.settings',
    access: 'user',
    request: z.object({
      enabled: z.boolean().optional(),
      sync_reminders: z.boolean().optional(),
      reminder_minutes_before: reminderMinutes.optional(),
      sync_calls: z.boolean().optional(),
      call_keywords: callKeywords.optional(),
    }),
    response: returns<CalendarSyncSettings>(),
  }),
  sync: endpoint({
    method: 'POST', path: '/api/calendar/sync', service: 'calendar', subject: 'calendar.sync.run', access: 'user',
    request: noInput, timeoutMs: 30_000, response: returns<{ syncedReminders: number; syncedCalls: number }>(),
  }),
  deleteSyncedEvent: endpoint({
    method: 'DELETE', path: '/api/calendar/synced-event/:id', service: 'calendar', subject: 'calendar.sync.deleteEvent',
    access: 'user', request: idParam, response: returns<{ success: true }>(),
  }),
  bookingRequest: endpoint({
    method: 'GET', path: '/api/booking-requests/:code', service: 'calendar', subject: 'calendar.booking.get',
    access: 'public', request: z.object({ code: z.string().trim().min(1).max(100) }),
    response: returns<{ title: string; duration_minutes: number; available_slots: { start: string; displayText: string }[] }>(),
  }),
  confirmBooking: endpoint({
    method: 'POST', path: '/api/booking-requests/:code/confirm', service: 'calendar', subject: 'calendar.booking.confirm',
    access: 'public',
    request: z.object({
      code: z.string().trim().min(1).max(100),
      selectedSlot: z
        .string({ error: 'Please select a time slot to continue' })
        .min(1, 'Please select a time slot to continue')
        .max(100, 'Please select a time slot to continue'),
      bookerName: z
        .string({ error: 'Please enter your name to continue' })
        .trim()
        .min(1, 'Please enter your name to continue')
        .max(100, 'Your name can be at most 100 characters'),
      bookerEmail: z.union([z.literal(''), emailAddress()]).optional(),
    }),
    response: returns<{ success: true; bookingId: string; start: string }>(),
  }),
  /**
   * Location suggestions (doc3 §7, §9): what a place field offers as the user types, from calendar's geocoder
   * (Nominatim), United States only, at most PLACE_SUGGESTION_LIMIT; the browser asks from PLACE_QUERY_MIN_CHARS typed
   * characters on. The browser talks only to the gateway, so this stands in for doc3's direct map search.
   */
  placeSuggestions: endpoint({
    method: 'GET', path: '/api/places/suggest', service: 'calendar', subject: 'calendar.places.suggest', access: 'user',
    request: z.object({
      q: z
        .string({ error: 'q is required' })
        .trim()
        .min(PLACE_QUERY_MIN_CHARS, `Type at least ${PLACE_QUERY_MIN_CHARS} characters`)
        .max(200, 'q can be at most 200 characters'),
    }),
    response: returns<{ suggestions: PlaceSuggestion[] }>(),
  }),
};
