import { Injectable } from '@nestjs/common';
import { DataSource, type Repository } from 'typeorm';
import { ContactAttemptEntity } from './entities/contact-attempt.entity';
import { SupportMessageEntity } from './entities/support-message.entity';
import type { EntityManager } from 'typeorm';

@Injectable()
export class SupportRepository {
  private readonly messages: Repository<SupportMessageEntity>;

  constructor(private readonly dataSource: DataSource) {
    this.messages = dataSource.getRepository(SupportMessageEntity);
  }

  create(fields: Omit<SupportMessageEntity, 'id' | 'createdAt' | 'forwardedAt'>) {
    return this.messages.save(this.messages.create(fields));
  }

  async markForwarded(id: string) {
    await this.messages.update({ id }, { forwardedAt: new Date() });
  }

  /**
   * Records one contact message of `visitor` unless it already sent `limit` in the last `windowSeconds`; when it
   * did, answers how long until the oldest of those leaves the window. One visitor's attempts run one at a time (a
   * transaction-scoped advisory lock), so concurrent requests on any replica never pass the limit.
   */
  async takeContactAttempt(visitor: string, limit: number, windowSeconds: number): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('notifications.contact:' || $1))`, [visitor]);
      await manager.query(`DELETE FROM "notifications"."contact_attempts" WHERE created_at < now() - make_interval(secs => $1)`, [windowSeconds]);
      const [row] = (await manager.query(
        `SELECT count(*)::int AS n, ceil(extract(epoch FROM (min(created_at) + make_interval(secs => $2) - now())))::int AS wait
         FROM "notifications"."contact_attempts" WHERE visitor = $1`,
        [visitor, windowSeconds],
      )) as { n: number; wait: number | null }[];
      if (row.n >= limit) return { allowed: false as const, retryAfterSeconds: Math.max(1, row.wait ?? windowSeconds) };
      await manager.query(`INSERT INTO "notifications"."contact_attempts" (visitor) VALUES ($1)`, [visitor]);
      return { allowed: true as const };
    });
  }

  /** Account lifecycle (issue 22): what the user wrote to support, oldest first. */
  ofUser(userId: string) {
    return this.messages.find({ where: { userId }, order: { createdAt: 'ASC' } });
  }

  /** Their messages and the contact-form attempts counted under their account. */
  async eraseUser(manager: EntityManager, userId: string) {
    await manager.getRepository(SupportMessageEntity).delete({ userId });
    await manager.getRepository(ContactAttemptEntity).delete({ visitor: `user:${userId}` });
  }
}
