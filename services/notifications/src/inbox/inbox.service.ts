import { Injectable } from '@nestjs/common';
import { type Notification, NotFoundError } from '@jarvis/contracts';
import { LiveEvents } from '@jarvis/platform';
import type { EntityManager } from 'typeorm';
import type { NotificationEntity } from './entities/notification.entity';
import { InboxRepository, type NewNotification } from './inbox.repository';

/** An inbox entry as the other features of the service see it (delivery sends it, location and briefing make one). */
export type InboxEntry = NotificationEntity;
/** What a feature gives to add an entry: the user, kind, texts, priority and its cause (`sourceKey`, one entry each). */
export type NewInboxEntry = NewNotification;
/**
 * Runs the insert inside the caller's transaction (a once-only claim the entry belongs to) and answers its entry, or
 * null when the caller's claim was taken and nothing was inserted.
 */
export type InsideTransaction = (insert: (manager: EntityManager) => Promise<InboxEntry | null>) => Promise<InboxEntry | null>;

export const toNotification = (row: NotificationEntity): Notification => ({
  id: row.id,
  type: row.type,
  title: row.title,
  message: row.message,
  read: row.read,
  created_at: row.createdAt.toISOString(),
});

/**
 * The inbox: the only writer and reader of its table. The caller's entries (another user's id is not found), and the
 * entries the other features add. Each change tells the user's browsers (badge).
 */
@Injectable()
export class InboxService {
  constructor(
    private readonly repository: InboxRepository,
    private readonly live: LiveEvents,
  ) {}

  /**
   * Adds an entry unless one of the same cause exists, and tells the user's browsers of a new one once it is stored
   * (after `transaction`, when given, has committed). Answers the new entry, or null.
   */
  async add(entry: NewInboxEntry, transaction?: InsideTransaction): Promise<InboxEntry | null> {
    const insert = (manager?: EntityManager) => this.repository.add(entry, manager);
    const row = transaction ? await transaction(insert) : await insert();
    if (row) this.live.publish(row.userId, 'notifications', { id: row.id });
    return row;
  }

  /** An entry by id alone, for work queued about it (a channel job); null once the user deleted it. */
  byId(id: string): Promise<InboxEntry | null> {
    return this.repository.byId(id);
  }

  /** The entry a cause made (an event's `<name>:<id>`), if any. */
  bySource(userId: string, sourceKey: string): Promise<InboxEntry | null> {
    return this.repository.bySource(userId, sourceKey);
  }

  /** The user's entries of a type since `since`, newest first (location triggers fire at most once a day). */
  recentOfType(userId: string, type: string, since: Date): Promise<InboxEntry[]> {
    return this.repository.recentOfType(userId, type, since);
  }

  /** How many of the user's entries are unread (the wake-up briefing says it). */
  unreadCount(userId: string): Promise<number> {
    return this.repository.unreadCount(userId);
  }

  async list(userId: string) {
    return (await this.repository.list(userId)).map(toNotification);
  }

  async markRead(userId: string, id: string) {
    const row = await this.repository.markRead(userId, id);
    if (!row) throw new NotFoundError('Notification');
    this.live.publish(userId, 'notifications', { id });
    return toNotification(row);
  }

  async markAllRead(userId: string) {
    const updated = await this.repository.markAllRead(userId);
    if (updated) this.live.publish(userId, 'notifications');
    return { updated };
  }

  async remove(userId: string, id: string) {
    if (!(await this.repository.remove(userId, id))) throw new NotFoundError('Notification');
    this.live.publish(userId, 'notifications', { id });
    return { success: true as const };
  }

  /** Account lifecycle (issue 22): the user's inbox. */
  accountRows(userId: string): Promise<NotificationEntity[]> {
    return this.repository.ofUser(userId);
  }

  importAccountRows(manager: EntityManager, rows: Partial<NotificationEntity>[]) {
    return this.repository.insertImported(manager, rows);
  }

  eraseAccountRows(manager: EntityManager, userId: string) {
    return this.repository.eraseUser(manager, userId);
  }
}
