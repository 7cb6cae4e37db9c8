import { Injectable } from '@nestjs/common';
import { DataSource, type Repository } from 'typeorm';
import { AccountImportEntity } from './entities/account-import.entity';

/** The archives imported into each account (identity's own part of an import). */
@Injectable()
export class AccountImportsRepository {
  private readonly imports: Repository<AccountImportEntity>;

  constructor(dataSource: DataSource) {
    this.imports = dataSource.getRepository(AccountImportEntity);
  }

  /** Records the archive as imported into the account; false when it already was. */
  async record(userId: string, archiveKey: string): Promise<boolean> {
    const result = await this.imports.createQueryBuilder().insert().values({ userId, archiveKey }).orIgnore().returning(['user_id']).execute();
    return (result.raw as unknown[]).length > 0;
  }

  async forget(userId: string, archiveKey: string) {
    await this.imports.delete({ userId, archiveKey });
  }
}
