import { processedEventsMigration } from '@jarvis/platform';
import { CreateVoiceTables1764000000000 } from './1764000000000-create-voice-tables';

/** The voice schema's migration history, oldest first. */
export const voiceMigrations = [processedEventsMigration('voice', 'ProcessedEvents1763800000001'), CreateVoiceTables1764000000000];
