import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { NotificationEntity } from './entities/notification.entity';

export type NewNotification = Pick<NotificationEntity, 'userId' | 'type' | 'title' | 'message' | 'priority' | 'sourceKey'>;

@Injectable()
export class InboxRepository {
  constructor(private readonly dataSource: DataSource) {}

  private repo(manager: EntityManager = this.dataSource.manager) {
    return manager.getRepository(NotificationEntity);
  }

  list(userId: string) {
    return this.repo().find({ where: { userId }, order: { createdAt: 'DESC' }, take: 200 });
  }

  find(userId: string, id: string) {
    return this.repo().findOneBy({ id, userId });
  }

  /** An entry by id alone, for work queued about it (a channel job); null once the user deleted it. */
  byId(id: string) {
    return this.repo().findOneBy({ id });
  }

  /** The entry a cause made (an event's `<name>:<id>`), if any. */
  bySource(userId: string, sourceKey: string) {
    return this.repo().findOneBy({ userId, sourceKey });
  }

  async markRead(userId: string, id: string) {
    await this.repo().update({ id, userId }, { read: true });
    return this.find(userId, id);
  }

  async markAllRead(userId: string): Promise<number> {
    const result = await this.repo().update({ userId, read: false }, { read: true });
    return result.affected ?? 0;
  }

  async remove(userId: string, id: string): Promise<boolean> {
    const result = await this.repo().delete({ id, userId });
    return (result.affected ?? 0) > 0;
  }

  /** Adds an entry unless one of the same cause exists; answers the new one or null. */
  async add(row: NewNotification, manager?: EntityManager): Promise<NotificationEntity | null> {
    const result = await this.repo(manager)
      .createQueryBuilder()
      .insert()
      .into(NotificationEntity)
      .values(row)
      .orIgnore()
      .returning('*')
      .execute();
    const raw = result.raw as Record<string, unknown>[];
    if (!raw.length) return null;
    return this.repo(manager).create({
      ...row,
      id: raw[0].id as string,
      read: false,
      createdAt: new Date(raw[0].created_at as string),
    });
  }

  unreadCount(userId: string): Promise<number> {
    return this.repo().countBy({ userId, read: false });
  }

  /** Today's entries of a type (location triggers fire at most once a day). */
  recentOfType(userId: string, type: string, since: Date) {
    return this.repo()
      .createQueryBuilder('n')
      .where('n.user_id = :userId AND n.type = :type AND n.created_at >= :since', { userId, type, since })
      .orderBy('n.created_at', 'DESC')
      .getMany();
  }

  /** Account lifecycle (issue 22): every inbox entry of the user, oldest first. */
  ofUser(userId: string) {
    return this.repo().find({ where: { userId }, order: { createdAt: 'ASC' } });
  }

  async insertImported(manager: EntityManager, rows: Partial<NotificationEntity>[]) {
    for (let i = 0; i < rows.length; i += 2_000) await this.repo(manager).insert(rows.slice(i, i + 2_000));
  }

  async eraseUser(manager: EntityManager, userId: string) {
    await this.repo(manager).delete({ userId });
  }
}
