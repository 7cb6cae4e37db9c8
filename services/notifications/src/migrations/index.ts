import { accountImportsMigration, processedEventsMigration } from '@jarvis/platform';
import { CreateSupportMessages1764000000000 } from './1764000000000-create-support-messages';
import { CreateNotifications1764100000000 } from './1764100000000-create-notifications';
import { VoiceBriefingDay1764200000000 } from './1764200000000-voice-briefing-day';
import { CreateLocationTriggers1764400000000 } from './1764400000000-create-location-triggers';
import { ContactAttemptsAndSmsVerification1764608813421 } from './1764608813421-contact-attempts-and-sms-verification';

/** The notifications schema's migration history, oldest first. */
export const notificationsMigrations = [
  processedEventsMigration('notifications', 'ProcessedEvents1763800000001'),
  CreateSupportMessages1764000000000,
  CreateNotifications1764100000000,
  VoiceBriefingDay1764200000000,
  CreateLocationTriggers1764400000000,
  ContactAttemptsAndSmsVerification1764608813421,
  accountImportsMigration('notifications', 'AccountImports1764738366820'),
];
