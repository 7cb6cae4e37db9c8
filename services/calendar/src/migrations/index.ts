import { accountImportsMigration, processedEventsMigration } from '@jarvis/platform';
import { CreateReminders1763900000000 } from './1763900000000-create-reminders';
import { CreateBookingLinks1764200000000 } from './1764200000000-create-booking-links';
import { CreateBookings1764300000000 } from './1764300000000-create-bookings';
import { CreateCalendarSync1764300000001 } from './1764300000001-create-calendar-sync';
import { CreateReminderPlaces1764400000000 } from './1764400000000-create-reminder-places';
import { ReminderPlacesLookedUpAt1764400000001 } from './1764400000001-reminder-places-looked-up-at';

/** The calendar schema's migration history, oldest first. */
export const calendarMigrations = [
  processedEventsMigration('calendar', 'ProcessedEvents1763800000001'),
  CreateReminders1763900000000,
  CreateBookingLinks1764200000000,
  CreateBookings1764300000000,
  CreateCalendarSync1764300000001,
  CreateReminderPlaces1764400000000,
  ReminderPlacesLookedUpAt1764400000001,
  accountImportsMigration('calendar', 'AccountImports1764731902113'),
];
