import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, LessThan } from 'typeorm';
import { LocationTriggerEntity } from './entities/location-trigger.entity';
import { UserLocationEntity } from './entities/user-location.entity';

@Injectable()
export class LocationRepository {
  constructor(private readonly dataSource: DataSource) {}

  find(userId: string) {
    return this.dataSource.getRepository(UserLocationEntity).findOneBy({ userId });
  }

  async save(userId: string, fields: { lat: number; lon: number; locationName?: string | null }) {
    await this.dataSource.getRepository(UserLocationEntity).upsert({ userId, ...fields }, ['userId']);
  }

  async remove(userId: string) {
    await this.dataSource.getRepository(UserLocationEntity).delete({ userId });
  }

  /**
   * Fires a reminder's location trigger for `day` unless it fired that day already: claims the (user, reminder, day)
   * row and makes the inbox entry in one transaction. A concurrent claim (another request, another replica) waits
   * for this one and then finds the row, so exactly one makes the entry. Answers the entry, or null when it had fired.
   */
  fireOnce<Entry extends { id: string }>(userId: string, reminderId: string, day: string, makeEntry: (manager: EntityManager) => Promise<Entry | null>) {
    return this.dataSource.transaction(async (manager) => {
      const claimed = await manager
        .createQueryBuilder()
        .insert()
        .into(LocationTriggerEntity)
        .values({ userId, reminderId, day })
        .orIgnore()
        .returning('*')
        .execute();
      if (!(claimed.raw as unknown[]).length) return null;
      const entry = await makeEntry(manager);
      if (entry) await manager.getRepository(LocationTriggerEntity).update({ userId, reminderId, day }, { notificationId: entry.id });
      return entry;
    });
  }

  /** Forgets the user's triggers of days before `day` (only today's decide anything). */
  async forgetTriggersBefore(userId: string, day: string) {
    await this.dataSource.getRepository(LocationTriggerEntity).delete({ userId, day: LessThan(day) });
  }

  /** Account lifecycle (issue 22): the user's position and the triggers that fired. */
  async eraseUser(manager: EntityManager, userId: string) {
    await manager.getRepository(LocationTriggerEntity).delete({ userId });
    await manager.getRepository(UserLocationEntity).delete({ userId });
  }
}
