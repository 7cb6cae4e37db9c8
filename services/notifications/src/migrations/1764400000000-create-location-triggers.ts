import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateLocationTriggers1764400000000 implements MigrationInterface {
  name = 'CreateLocationTriggers1764400000000';

  async up(q: QueryRunner) {
    await q.query(`CREATE TABLE "notifications"."location_triggers" (
      "user_id" uuid NOT NULL,
      "reminder_id" uuid NOT NULL,
      "day" date NOT NULL,
      "notification_id" uuid,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "location_triggers_pkey" PRIMARY KEY ("user_id", "reminder_id", "day")
    )`);
  }

  async down(q: QueryRunner) {
    await q.query(`DROP TABLE "notifications"."location_triggers"`);
  }
}
