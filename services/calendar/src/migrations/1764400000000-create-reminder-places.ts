import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateReminderPlaces1764400000000 implements MigrationInterface {
  name = 'CreateReminderPlaces1764400000000';

  async up(q: QueryRunner) {
    await q.query(`CREATE TABLE "calendar"."reminder_places" (
      "reminder_id" uuid NOT NULL,
      "user_id" uuid NOT NULL,
      "place_text" character varying(200) NOT NULL,
      "lat" double precision,
      "lon" double precision,
      "geocoded_name" character varying(500),
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "reminder_places_pkey" PRIMARY KEY ("reminder_id"),
      CONSTRAINT "reminder_places_reminder_id_fkey" FOREIGN KEY ("reminder_id")
        REFERENCES "calendar"."reminders" ("id") ON DELETE CASCADE ON UPDATE NO ACTION
    )`);
    await q.query(`CREATE INDEX "reminder_places_user_id_lat_idx" ON "calendar"."reminder_places" ("user_id", "lat")`);
  }

  async down(q: QueryRunner) {
    await q.query(`DROP TABLE "calendar"."reminder_places"`);
  }
}
