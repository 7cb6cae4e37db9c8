import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, In, type Repository } from 'typeorm';
import { ReminderEntity } from './entities/reminder.entity';

/** Every reminders query. A user's reads and writes are scoped by `userId`; only the due scan spans users. */
@Injectable()
export class RemindersRepository {
  private readonly reminders: Repository<ReminderEntity>;

  constructor(private readonly dataSource: DataSource) {
    this.reminders = dataSource.getRepository(ReminderEntity);
  }

  /** Not-done first by time (no time last), then done ones the same way. */
  listForUser(userId: string) {
    return this.reminders
      .createQueryBuilder('r')
      .where('r.user_id = :userId', { userId })
      .orderBy('r.done', 'ASC')
      .addOrderBy('r.reminder_time', 'ASC', 'NULLS LAST')
      .addOrderBy('r.created_at', 'ASC')
      .addOrderBy('r.id', 'ASC')
      .getMany();
  }

  /** Those of the user's reminders among `ids` that are not done, with their titles. */
  openAmong(userId: string, ids: string[]): Promise<Pick<ReminderEntity, 'id' | 'title'>[]> {
    return this.reminders.find({ select: { id: true, title: true }, where: { userId, id: In(ids), done: false } });
  }

  create(fields: Pick<ReminderEntity, 'userId' | 'title' | 'whenText' | 'reminderTime'>) {
    return this.reminders.save(this.reminders.create({ ...fields, done: false, dueNotifiedAt: null }));
  }

  /**
   * Loads the user's reminder with a row lock, lets `change` edit it and saves it in the same transaction, so an
   * edit and the due scheduler never overwrite each other. Answers null for a foreign or unknown id.
   */
  updateLocked(userId: string, id: string, change: (reminder: ReminderEntity) => void) {
    return this.dataSource.transaction(async (manager) => {
      const repo = manager.getRepository(ReminderEntity);
      const reminder = await repo.findOne({ where: { id, userId }, lock: { mode: 'pessimistic_write' } });
      if (!reminder) return null;
      change(reminder);
      return repo.save(reminder);
    });
  }

  async delete(userId: string, id: string): Promise<boolean> {
    const result = await this.reminders.delete({ id, userId });
    return (result.affected ?? 0) > 0;
  }

  /**
   * Not-done reminders whose time has come and whose due event was not published yet, locked for the caller's
   * transaction. Rows another replica is working on are skipped, not waited for.
   */
  claimDue(manager: EntityManager, limit: number) {
    return manager
      .getRepository(ReminderEntity)
      .createQueryBuilder('r')
      .where('r.done = false')
      .andWhere('r.due_notified_at IS NULL')
      .andWhere('r.reminder_time <= now()')
      .orderBy('r.reminder_time', 'ASC')
      .limit(limit)
      .setLock('pessimistic_write')
      .setOnLocked('skip_locked')
      .getMany();
  }

  async markDueNotified(manager: EntityManager, id: string) {
    await manager.getRepository(ReminderEntity).update({ id }, { dueNotifiedAt: () => 'now()' });
  }

  /** Account lifecycle (issue 22): every reminder of the user, oldest first. */
  ofUser(userId: string) {
    return this.reminders.find({ where: { userId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  async insertMany(manager: EntityManager, rows: Partial<ReminderEntity>[]) {
    if (rows.length) await manager.getRepository(ReminderEntity).insert(rows);
  }

  async eraseUser(manager: EntityManager, userId: string) {
    await manager.getRepository(ReminderEntity).delete({ userId });
  }
}
