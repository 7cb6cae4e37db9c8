import { Injectable } from '@nestjs/common';
import type { AccountPartService } from '@jarvis/contracts';
import { DataSource, type Repository } from 'typeorm';
import { AccountDeletionEntity } from './entities/account-deletion.entity';

/** The deleted accounts whose services have not all reported their part erased. */
@Injectable()
export class AccountDeletionsRepository {
  private readonly deletions: Repository<AccountDeletionEntity>;

  constructor(private readonly dataSource: DataSource) {
    this.deletions = dataSource.getRepository(AccountDeletionEntity);
  }

  /** Records the deletion with every service pending; a second request for the same account keeps the first. */
  async start(userId: string, services: readonly AccountPartService[]) {
    await this.deletions
      .createQueryBuilder()
      .insert()
      .values({ userId, pendingServices: [...services], attempts: 0 })
      .orIgnore()
      .execute();
  }

  /** A service reported its part erased: the services still pending, or null when no deletion of this user is open. */
  async markDone(userId: string, service: AccountPartService): Promise<AccountPartService[] | null> {
    // TypeORM answers an UPDATE ... RETURNING as [rows, affected].
    const [rows]: [{ pending_services: AccountPartService[] }[], number] = await this.dataSource.query(
      `UPDATE "identity"."account_deletions" SET "pending_services" = array_remove("pending_services", $2)
       WHERE "user_id" = $1 RETURNING "pending_services"`,
      [userId, service],
    );
    return rows[0]?.pending_services ?? null;
  }

  find(userId: string) {
    return this.deletions.findOneBy({ userId });
  }

  /** Every open deletion, oldest first. */
  open() {
    return this.deletions.find({ order: { requestedAt: 'ASC' } });
  }

  async noteAttempt(userId: string, error: string | null) {
    await this.deletions
      .createQueryBuilder()
      .update()
      .set({ attempts: () => 'attempts + 1', lastAttemptAt: () => 'now()', lastError: error })
      .where('user_id = :userId', { userId })
      .execute();
  }

  count() {
    return this.deletions.count();
  }
}
