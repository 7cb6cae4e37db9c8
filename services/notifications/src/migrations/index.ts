import { processedEventsMigration } from '@jarvis/platform';

/** The notifications schema's migration history, oldest first. */
export const notificationsMigrations = [processedEventsMigration('notifications', 'ProcessedEvents1763800000001')];
