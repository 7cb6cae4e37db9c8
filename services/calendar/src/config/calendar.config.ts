import { googleConfigShape, infraConfigSchema, providerBaseUrl } from '@jarvis/platform';
import { z } from 'zod';

/**
 * The calendar service's configuration, read once at start with the infrastructure variables and provided by
 * `ServicePlatformModule.forService({ config })`.
 */
export const calendarConfigSchema = infraConfigSchema.extend({
  /** Google OAuth and Calendar API (GOOGLE_CLIENT_ID/SECRET, GOOGLE_OAUTH_BASE_URL, GOOGLE_API_BASE_URL, ENCRYPTION_KEY). */
  ...googleConfigShape,
  /**
   * How often each replica looks for reminders that fell due, in ms. 0 turns the poller off in this process (the
   * scheduler's `tick()` still works), e.g. to let only some replicas poll.
   */
  REMINDER_POLL_MS: z.coerce.number().int().min(0).max(3_600_000).default(15_000),
  /** Public booking calls (page and confirm) one visitor may make a minute, across replicas; above: 429. */
  BOOKING_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  /** How often users with calendar sync on are synced, in minutes; 0 turns the periodic sync off. */
  CALENDAR_SYNC_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(1440).default(15),
  /** OpenStreetMap Nominatim (or a compatible search) that geocodes the places reminders name. */
  NOMINATIM_BASE_URL: providerBaseUrl('https://nominatim.openstreetmap.org'),
});

/** DI token of the calendar configuration: `@Inject(CALENDAR_CONFIG) config: CalendarConfig`. */
export const CALENDAR_CONFIG = Symbol('CALENDAR_CONFIG');
export type CalendarConfig = z.output<typeof calendarConfigSchema>;

/** The config for `ServicePlatformModule.forService({ config })`: validated at start, injected by CALENDAR_CONFIG. */
export const calendarConfig = { token: CALENDAR_CONFIG, schema: calendarConfigSchema };
