import { processedEventsMigration } from '@jarvis/platform';

/** The chat schema's migration history, oldest first. */
export const chatMigrations = [processedEventsMigration('chat', 'ProcessedEvents1763800000001')];
