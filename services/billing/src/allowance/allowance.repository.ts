import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CallUsageEntity } from './entities/call-usage.entity';
import type { EntityManager } from 'typeorm';

@Injectable()
export class AllowanceRepository {
  constructor(private readonly dataSource: DataSource) {}

  async used(userId: string, month: string): Promise<number> {
    const row = await this.dataSource.getRepository(CallUsageEntity).findOneBy({ userId, month });
    return row?.outgoingCalls ?? 0;
  }

  /**
   * Takes one call of the month when fewer than `limit` are taken (null: no limit), in one statement: the row lock
   * makes simultaneous reservations queue, so exactly the calls left succeed. Returns the new count, or null when
   * the month is used up.
   */
  async take(userId: string, month: string, limit: number | null): Promise<number | null> {
    const rows: { outgoing_calls: number }[] = await this.dataSource.query(
      `INSERT INTO "billing"."call_usage" (user_id, month, outgoing_calls) SELECT $1, $2, 1 WHERE $3::int IS NULL OR $3::int > 0
       ON CONFLICT (user_id, month) DO UPDATE SET outgoing_calls = "call_usage".outgoing_calls + 1
       WHERE $3::int IS NULL OR "call_usage".outgoing_calls < $3::int
       RETURNING outgoing_calls`,
      [userId, month, limit],
    );
    return rows.length ? rows[0].outgoing_calls : null;
  }

  /** Gives one call of `month` back (never below zero); false when there was none to give back. */
  async giveBack(userId: string, month: string): Promise<boolean> {
    const [, affected] = (await this.dataSource.query(
      `UPDATE "billing"."call_usage" SET outgoing_calls = outgoing_calls - 1 WHERE user_id = $1 AND month = $2 AND outgoing_calls > 0`,
      [userId, month],
    )) as [unknown, number];
    return affected > 0;
  }

  /** Account lifecycle (issue 22): the months the user reserved calls in. */
  ofUser(userId: string) {
    return this.dataSource.getRepository(CallUsageEntity).find({ where: { userId }, order: { month: 'ASC' } });
  }

  async eraseUser(manager: EntityManager, userId: string) {
    await manager.getRepository(CallUsageEntity).delete({ userId });
  }
}
