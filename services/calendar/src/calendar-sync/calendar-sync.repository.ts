import { Injectable } from '@nestjs/common';
import { DataSource, IsNull, type Repository } from 'typeorm';
import { CalendarSyncSettingsEntity } from './entities/calendar-sync-settings.entity';
import { type SyncedEventEntity as SyncedEvent, SyncedEventEntity, type SyncedEventType } from './entities/synced-event.entity';
import type { EntityManager } from 'typeorm';

/** How many synced events the status lists. */
const RECENT_SYNCS = 20;

/** Every query on sync settings and synced events, each scoped by `userId` (the sweep's user list aside). */
@Injectable()
export class CalendarSyncRepository {
  private readonly settings: Repository<CalendarSyncSettingsEntity>;
  private readonly synced: Repository<SyncedEventEntity>;

  constructor(private readonly dataSource: DataSource) {
    this.settings = dataSource.getRepository(CalendarSyncSettingsEntity);
    this.synced = dataSource.getRepository(SyncedEventEntity);
  }

  findSettings(userId: string) {
    return this.settings.findOneBy({ userId });
  }

  async saveSettings(userId: string, fields: Partial<Omit<CalendarSyncSettingsEntity, 'userId' | 'createdAt' | 'updatedAt'>>) {
    await this.settings.upsert({ userId, ...fields }, ['userId']);
  }

  async markSynced(userId: string, at: Date) {
    await this.settings.upsert({ userId, lastSyncAt: at }, ['userId']);
  }

  /** Users with sync on, the longest unsynced first. */
  async enabledUsers(): Promise<string[]> {
    const rows: { user_id: string }[] = await this.settings
      .createQueryBuilder('s')
      .select('s.user_id', 'user_id')
      .where('s.enabled = true')
      .orderBy('s.last_sync_at', 'ASC', 'NULLS FIRST')
      .getRawMany();
    return rows.map((r) => r.user_id);
  }

  recent(userId: string) {
    return this.synced.find({
      where: { userId, dismissedAt: IsNull() },
      order: { eventStart: 'ASC', createdAt: 'ASC' },
      take: RECENT_SYNCS,
    });
  }

  /** The user's synced events of a type, by Google event id. */
  async byEvent(userId: string, eventType: SyncedEventType): Promise<Map<string, SyncedEvent>> {
    const rows = await this.synced.findBy({ userId, eventType });
    return new Map(rows.map((r) => [r.googleEventId, r]));
  }

  /**
   * Claims the (user, event, type) row before anything is made for it: null when another sync claimed it first, so
   * two syncs of the same calendar never make the same reminder or call twice.
   */
  async claim(fields: Pick<SyncedEvent, 'userId' | 'googleEventId' | 'eventType' | 'eventTitle' | 'eventStart'>): Promise<string | null> {
    const result = await this.synced
      .createQueryBuilder()
      .insert()
      .values({ ...fields, reminderId: null, callId: null, dismissedAt: null })
      .orIgnore()
      .returning(['id'])
      .execute();
    return (result.raw as { id: string }[])[0]?.id ?? null;
  }

  async update(userId: string, id: string, fields: Partial<Pick<SyncedEvent, 'eventTitle' | 'eventStart' | 'reminderId' | 'callId' | 'dismissedAt'>>) {
    await this.synced.update({ id, userId }, fields);
  }

  async remove(userId: string, id: string) {
    await this.synced.delete({ id, userId });
  }

  findForUser(userId: string, id: string) {
    return this.synced.findOneBy({ id, userId, dismissedAt: IsNull() });
  }

  /** Account lifecycle (issue 22): the user's events made by syncs, oldest first. */
  syncedOfUser(userId: string) {
    return this.synced.find({ where: { userId }, order: { createdAt: 'ASC' } });
  }

  /** Imported settings replace the user's (a row a user), in the caller's transaction. */
  async importSettings(manager: EntityManager, fields: Partial<CalendarSyncSettingsEntity> & { userId: string }) {
    await manager.getRepository(CalendarSyncSettingsEntity).upsert(fields, ['userId']);
  }

  async eraseUser(manager: EntityManager, userId: string) {
    await manager.getRepository(SyncedEventEntity).delete({ userId });
    await manager.getRepository(CalendarSyncSettingsEntity).delete({ userId });
  }
}
