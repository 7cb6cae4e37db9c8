import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

@Injectable()
export class BriefingRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Claims the briefings due now: enabled, wake time within the last hour and not yet sent today. One statement, so
   * replicas polling together each claim different users and a user once a day.
   */
  async claimDue(date: string, time: string, windowStart: string): Promise<string[]> {
    const [rows] = (await this.dataSource.query(
      `UPDATE "notifications"."voice_alert_settings" SET last_briefed_on = $1
       WHERE enabled AND wake_time <= $2 AND wake_time >= $3 AND (last_briefed_on IS NULL OR last_briefed_on < $1)
       RETURNING user_id`,
      [date, time, windowStart],
    )) as [{ user_id: string }[], number];
    return rows.map((r) => r.user_id);
  }

  async unreadCount(userId: string): Promise<number> {
    const [row] = (await this.dataSource.query(
      `SELECT count(*)::int AS n FROM "notifications"."notifications" WHERE user_id = $1 AND NOT read`,
      [userId],
    )) as { n: number }[];
    return row.n;
  }
}
