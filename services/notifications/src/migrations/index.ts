import { processedEventsMigration } from '@jarvis/platform';
import { CreateSupportMessages1764000000000 } from './1764000000000-create-support-messages';

/** The notifications schema's migration history, oldest first. */
export const notificationsMigrations = [
  processedEventsMigration('notifications', 'ProcessedEvents1763800000001'),
  CreateSupportMessages1764000000000,
];
