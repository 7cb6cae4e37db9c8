import { accountImportsMigration, processedEventsMigration } from '@jarvis/platform';
import { CreateBilling1764100000000 } from './1764100000000-create-billing';
import { ErasedCustomers1764738733512 } from './1764738733512-erased-customers';

/** The billing schema's migration history, oldest first. */
export const billingMigrations = [
  processedEventsMigration('billing', 'ProcessedEvents1763800000001'),
  CreateBilling1764100000000,
  ErasedCustomers1764738733512,
  accountImportsMigration('billing', 'AccountImports1764738733513'),
];
