import { processedEventsMigration } from '@jarvis/platform';

/** The mail schema's migration history, oldest first. */
export const mailMigrations = [processedEventsMigration('mail', 'ProcessedEvents1763800000001')];
