import { processedEventsMigration } from '@jarvis/platform';
import { CreateUsers1763800000000 } from './1763800000000-create-users';

export const identityMigrations = [
  CreateUsers1763800000000,
  processedEventsMigration('identity', 'ProcessedEvents1763800000001'),
];
