import { processedEventsMigration } from '@jarvis/platform';

/** The calendar schema's migration history, oldest first. */
export const calendarMigrations = [processedEventsMigration('calendar', 'ProcessedEvents1763800000001')];
