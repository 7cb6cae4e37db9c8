import { accountImportsMigration, processedEventsMigration } from '@jarvis/platform';
import { CreateChatTables1763900000000 } from './1763900000000-create-chat-tables';
import { CreateDiscordGuilds1764500072519 } from './1764500072519-create-discord-guilds';

/** The chat schema's migration history, oldest first. */
export const chatMigrations = [
  processedEventsMigration('chat', 'ProcessedEvents1763800000001'),
  CreateChatTables1763900000000,
  CreateDiscordGuilds1764500072519,
  accountImportsMigration('chat', 'AccountImports1764731977468'),
];
