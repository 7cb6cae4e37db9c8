import { processedEventsMigration } from '@jarvis/platform';
import { CreateUsers1763800000000 } from './1763800000000-create-users';
import { CreateDeviceSecrets1764503817256 } from './1764503817256-create-device-secrets';
import { EmailVerification1764604821337 } from './1764604821337-email-verification';
import { AccountLifecycle1764731839217 } from './1764731839217-account-lifecycle';

export const identityMigrations = [
  CreateUsers1763800000000,
  processedEventsMigration('identity', 'ProcessedEvents1763800000001'),
  CreateDeviceSecrets1764503817256,
  EmailVerification1764604821337,
  AccountLifecycle1764731839217,
];
