import { Injectable } from '@nestjs/common';
import { DataSource, type Repository } from 'typeorm';
import { CallerSharingEntity } from './entities/caller-sharing.entity';

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
}
