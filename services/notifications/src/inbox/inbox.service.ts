import { Injectable } from '@nestjs/common';
import { type Notification, NotFoundError } from '@jarvis/contracts';
import { LiveEvents } from '@jarvis/platform';
import type { NotificationEntity } from './entities/notification.entity';
import { InboxRepository } from './inbox.repository';

export const toNotification = (row: NotificationEntity): Notification => ({
  id: row.id,
  type: row.type,
  title: row.title,
  message: row.message,
  read: row.read,
  created_at: row.createdAt.toISOString(),
});

/** The caller's inbox; another user's id is not found. Each change tells the user's browsers (badge). */
@Injectable()
export class InboxService {
  constructor(
    private readonly repository: InboxRepository,
    private readonly live: LiveEvents,
  ) {}

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
}
