import { processedEventsMigration } from '@jarvis/platform';

/** The billing schema's migration history, oldest first. */
export const billingMigrations = [processedEventsMigration('billing', 'ProcessedEvents1763800000001')];
