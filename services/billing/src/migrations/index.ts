import { processedEventsMigration } from '@jarvis/platform';
import { CreateBilling1764100000000 } from './1764100000000-create-billing';

/** The billing schema's migration history, oldest first. */
export const billingMigrations = [processedEventsMigration('billing', 'ProcessedEvents1763800000001'), CreateBilling1764100000000];
