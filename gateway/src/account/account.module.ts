import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module';
import { AccountDeletionsRepository } from './account-deletions.repository';
import { AccountDeletionsService } from './account-deletions.service';
import { AccountExportsRepository } from './account-exports.repository';
import { AccountExportsService } from './account-exports.service';
import { AccountHandler } from './account.handler';
import { AccountImportsRepository } from './account-imports.repository';
import { AccountImportsService } from './account-imports.service';
import { AccountRoutes } from './account.routes';
import { ArchiveStore } from './archive-store';
import { ExportAccountJob } from './jobs/export-account.job';
import { RetryAccountDeletionsJob } from './jobs/retry-account-deletions.job';

/** The account lifecycle: export, import and deletion of a user's data across every service. */
@Module({
  imports: [IdentityModule],
  controllers: [AccountHandler],
  providers: [
    AccountRoutes,
    ArchiveStore,
    AccountExportsRepository,
    AccountExportsService,
    AccountImportsRepository,
    AccountImportsService,
    AccountDeletionsRepository,
    AccountDeletionsService,
    ExportAccountJob,
    RetryAccountDeletionsJob,
  ],
  exports: [AccountDeletionsService],
})
export class AccountModule {}
