import { accountImportsMigration, processedEventsMigration } from '@jarvis/platform';
import { CreateVoiceTables1764000000000 } from './1764000000000-create-voice-tables';
import { CreateRetiredVoices1764500031877 } from './1764500031877-create-retired-voices';

/** The voice schema's migration history, oldest first. */
export const voiceMigrations = [
  processedEventsMigration('voice', 'ProcessedEvents1763800000001'),
  CreateVoiceTables1764000000000,
  CreateRetiredVoices1764500031877,
  accountImportsMigration('voice', 'AccountImports1764738502241'),
];
