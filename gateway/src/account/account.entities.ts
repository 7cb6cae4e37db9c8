import { AccountDeletionEntity } from './entities/account-deletion.entity';
import { AccountExportEntity } from './entities/account-export.entity';
import { AccountImportEntity } from './entities/account-import.entity';

/** The account lifecycle's tables in the identity schema (created by identity's migration history). */
export const accountEntities: (new () => object)[] = [AccountExportEntity, AccountImportEntity, AccountDeletionEntity];
