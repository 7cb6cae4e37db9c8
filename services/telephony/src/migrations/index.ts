import { processedEventsMigration } from '@jarvis/platform';

/** The telephony schema's migration history, oldest first. */
export const telephonyMigrations = [processedEventsMigration('telephony', 'ProcessedEvents1763800000001')];
