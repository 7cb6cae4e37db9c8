import type { MigrationInterface, QueryRunner } from 'typeorm';

export class VoiceBriefingDay1764200000000 implements MigrationInterface {
  name = 'VoiceBriefingDay1764200000000';

  async up(q: QueryRunner) {
    await q.query(`ALTER TABLE "notifications"."voice_alert_settings" ADD "last_briefed_on" date`);
  }

  async down(q: QueryRunner) {
    await q.query(`ALTER TABLE "notifications"."voice_alert_settings" DROP COLUMN "last_briefed_on"`);
  }
}
