import { accountImportsMigration, processedEventsMigration } from '@jarvis/platform';
import { CreateMailTokens1764300000000 } from './1764300000000-create-mail-tokens';

/** The mail schema's migration history, oldest first. */
export const mailMigrations = [
  processedEventsMigration('mail', 'ProcessedEvents1763800000001'),
  CreateMailTokens1764300000000,
  accountImportsMigration('mail', 'AccountImports1764738611905'),
];
