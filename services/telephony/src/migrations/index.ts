import { processedEventsMigration } from '@jarvis/platform';
import { CreateTelephonyTables1764000000000 } from './1764000000000-create-telephony-tables';

/** The telephony schema's migration history, oldest first. */
export const telephonyMigrations = [processedEventsMigration('telephony', 'ProcessedEvents1763800000001'), CreateTelephonyTables1764000000000];
