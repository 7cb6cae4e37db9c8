import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ReminderPlacesLookedUpAt1764400000001 implements MigrationInterface {
  name = 'ReminderPlacesLookedUpAt1764400000001';

  async up(q: QueryRunner) {
    await q.query(`ALTER TABLE "calendar"."reminder_places" ADD "looked_up_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()`);
  }

  async down(q: QueryRunner) {
    await q.query(`ALTER TABLE "calendar"."reminder_places" DROP COLUMN "looked_up_at"`);
  }
}
