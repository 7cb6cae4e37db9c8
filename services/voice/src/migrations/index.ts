import { processedEventsMigration } from '@jarvis/platform';

/** The voice schema's migration history, oldest first. */
export const voiceMigrations = [processedEventsMigration('voice', 'ProcessedEvents1763800000001')];
