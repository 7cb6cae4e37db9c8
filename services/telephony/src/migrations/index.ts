import { accountImportsMigration, processedEventsMigration } from '@jarvis/platform';
import { CreateTelephonyTables1764000000000 } from './1764000000000-create-telephony-tables';
import { CreateOutboundTables1764100000000 } from './1764100000000-create-outbound-tables';
import { CreateCallerSharing1764634172903 } from './1764634172903-create-caller-sharing';
import { AddCallOutcome1764734651207 } from './1764734651207-add-call-outcome';
import { AddCallDialing1764741823907 } from './1764741823907-add-call-dialing';

/** The telephony schema's migration history, oldest first. */
export const telephonyMigrations = [processedEventsMigration('telephony', 'ProcessedEvents1763800000001'), CreateTelephonyTables1764000000000, CreateOutboundTables1764100000000, CreateCallerSharing1764634172903, AddCallOutcome1764734651207,
  accountImportsMigration('telephony', 'AccountImports1764738214561'),
  AddCallDialing1764741823907,
];
