import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateReminders1763900000000 implements MigrationInterface {
  name = 'CreateReminders1763900000000';

  async up(q: QueryRunner) {
    await q.query(`CREATE TABLE "calendar"."reminders" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "user_id" uuid NOT NULL,
      "title" character varying(500) NOT NULL,
      "when_text" character varying(200) NOT NULL,
      "reminder_time" TIMESTAMP WITH TIME ZONE,
      "done" boolean NOT NULL DEFAULT false,
      "due_notified_at" TIMESTAMP WITH TIME ZONE,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "reminders_pkey" PRIMARY KEY ("id")
    )`);
    await q.query(`CREATE INDEX "reminders_user_done_time_idx" ON "calendar"."reminders" ("user_id", "done", "reminder_time")`);
    await q.query(
      `CREATE INDEX "reminders_due_idx" ON "calendar"."reminders" ("reminder_time") WHERE "done" = false AND "due_notified_at" IS NULL`,
    );
  }

  async down(q: QueryRunner) {
    await q.query(`DROP TABLE "calendar"."reminders"`);
  }
}
