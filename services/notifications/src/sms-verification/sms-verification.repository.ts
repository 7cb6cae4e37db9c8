import { Injectable } from '@nestjs/common';
import { DataSource, type Repository } from 'typeorm';
import { CODE_TRIES, CODE_TTL_SECONDS, CODES_PER_HOUR, HOUR_SECONDS, RESEND_INTERVAL_SECONDS } from './sms-verification.constants';
import { SmsNumberVerificationEntity } from './entities/sms-number-verification.entity';
import type { EntityManager } from 'typeorm';

const TABLE = '"notifications"."sms_number_verifications"';

/** Every query of the SMS number's verification, each by the caller's user id; the checks that race are one statement. */
@Injectable()
export class SmsVerificationRepository {
  private readonly rows: Repository<SmsNumberVerificationEntity>;

  constructor(private readonly dataSource: DataSource) {
    this.rows = dataSource.getRepository(SmsNumberVerificationEntity);
  }

  find(userId: string) {
    return this.rows.findOneBy({ userId });
  }

  /** A new number (or none): unverified, no code pending; the counters of codes sent stay. */
  async setNumber(userId: string, phoneNumber: string | null) {
    await this.dataSource.query(
      `INSERT INTO ${TABLE} (user_id, phone_number) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET phone_number = $2, verified_at = NULL, code_hash = NULL, code_expires_at = NULL,
         failed_attempts = 0, updated_at = now()`,
      [userId, phoneNumber],
    );
  }

  /**
   * Makes `codeHash` the pending code of the user's unverified number when the limits allow one more code (not
   * within RESEND_INTERVAL_SECONDS of the last, at most CODES_PER_HOUR in the hour's window). Answers the number, or
   * null when there is no unverified number or a limit holds.
   */
  async takeCode(userId: string, codeHash: string): Promise<string | null> {
    const [rows] = (await this.dataSource.query(
      `UPDATE ${TABLE} SET
         code_hash = $2, code_expires_at = now() + make_interval(secs => $3), failed_attempts = 0,
         codes_in_window = CASE WHEN window_started_at IS NULL OR window_started_at <= now() - make_interval(secs => $6) THEN 1 ELSE codes_in_window + 1 END,
         window_started_at = CASE WHEN window_started_at IS NULL OR window_started_at <= now() - make_interval(secs => $6) THEN now() ELSE window_started_at END,
         last_sent_at = now(), updated_at = now()
       WHERE user_id = $1 AND phone_number IS NOT NULL AND verified_at IS NULL
         AND (last_sent_at IS NULL OR last_sent_at <= now() - make_interval(secs => $4))
         AND (window_started_at IS NULL OR window_started_at <= now() - make_interval(secs => $6) OR codes_in_window < $5)
       RETURNING phone_number`,
      [userId, codeHash, CODE_TTL_SECONDS, RESEND_INTERVAL_SECONDS, CODES_PER_HOUR, HOUR_SECONDS],
    )) as [{ phone_number: string }[], number];
    return rows[0]?.phone_number ?? null;
  }

  /** Voids the pending code if it is still `codeHash` (its text could not be sent, or it was used up). */
  async voidCode(userId: string, codeHash: string) {
    await this.dataSource.query(`UPDATE ${TABLE} SET code_hash = NULL, updated_at = now() WHERE user_id = $1 AND code_hash = $2`, [userId, codeHash]);
  }

  /**
   * Counts one typed code against the pending code, atomically: answers the code's hash and the tries used with
   * this one, or null when no code can be typed (none sent, expired, or its tries used up).
   */
  async countTry(userId: string): Promise<{ codeHash: string; phoneNumber: string; tries: number } | null> {
    const [rows] = (await this.dataSource.query(
      `UPDATE ${TABLE} SET failed_attempts = failed_attempts + 1, updated_at = now()
       WHERE user_id = $1 AND code_hash IS NOT NULL AND code_expires_at > now() AND failed_attempts < $2 AND verified_at IS NULL
       RETURNING code_hash, phone_number, failed_attempts`,
      [userId, CODE_TRIES],
    )) as [{ code_hash: string; phone_number: string; failed_attempts: number }[], number];
    const row = rows[0];
    return row ? { codeHash: row.code_hash, phoneNumber: row.phone_number, tries: row.failed_attempts } : null;
  }

  /** Marks the number verified when `codeHash` is still its pending code; false if another request used it first. */
  async markVerified(userId: string, codeHash: string): Promise<boolean> {
    const [, count] = (await this.dataSource.query(
      `UPDATE ${TABLE} SET verified_at = now(), code_hash = NULL, code_expires_at = NULL, failed_attempts = 0, updated_at = now()
       WHERE user_id = $1 AND code_hash = $2`,
      [userId, codeHash],
    )) as [unknown, number];
    return count > 0;
  }

  /** Account lifecycle (issue 22). */
  async eraseUser(manager: EntityManager, userId: string) {
    await manager.getRepository(SmsNumberVerificationEntity).delete({ userId });
  }
}
