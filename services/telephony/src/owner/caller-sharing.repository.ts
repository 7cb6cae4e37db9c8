import { Injectable } from '@nestjs/common';
import { DataSource, type Repository } from 'typeorm';
import { CallerSharingEntity } from './entities/caller-sharing.entity';
import type { EntityManager } from 'typeorm';

@Injectable()
export class CallerSharingRepository {
  private readonly sharing: Repository<CallerSharingEntity>;

  constructor(dataSource: DataSource) {
    this.sharing = dataSource.getRepository(CallerSharingEntity);
  }

  findForUser(userId: string) {
    return this.sharing.findOneBy({ userId });
  }

  /** Changes the given switches, creating the user's row with the defaults for the others. */
  async upsert(userId: string, change: Partial<Pick<CallerSharingEntity, 'shareName' | 'shareAvailability' | 'shareTwinFacts'>>, defaults: Omit<CallerSharingEntity, 'userId' | 'updatedAt'>) {
    const columns = Object.keys(change)
      .map((key) => this.sharing.metadata.findColumnWithPropertyName(key)!.databaseName);
    await this.sharing
      .createQueryBuilder()
      .insert()
      .values({ userId, ...defaults, ...change })
      .orUpdate([...columns, 'updated_at'], ['user_id'])
      .execute();
    return (await this.findForUser(userId))!;
  }

  /** Account lifecycle (issue 22). */
  findRow(userId: string) {
    return this.sharing.findOneBy({ userId });
  }

  async importRow(manager: EntityManager, row: Pick<CallerSharingEntity, 'userId' | 'shareName' | 'shareAvailability' | 'shareTwinFacts'>) {
    await manager.getRepository(CallerSharingEntity).upsert(row, ['userId']);
  }

  async eraseUser(manager: EntityManager, userId: string) {
    await manager.getRepository(CallerSharingEntity).delete({ userId });
  }
}
