import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Booking links get their title and length; visitors' confirmed bookings get a table. */
export class CreateBookings1764300000000 implements MigrationInterface {
  name = 'CreateBookings1764300000000';

  async up(q: QueryRunner) {
    await q.query(`ALTER TABLE "calendar"."booking_links" ADD "title" character varying(200) NOT NULL DEFAULT 'Meeting'`);
    await q.query(`ALTER TABLE "calendar"."booking_links" ADD "duration_minutes" integer NOT NULL DEFAULT 30`);
    await q.query(`CREATE TABLE "calendar"."bookings" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "link_id" uuid NOT NULL,
      "user_id" uuid NOT NULL,
      "start_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "end_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "booker_name" character varying(100) NOT NULL,
      "booker_email" character varying(254),
      "google_event_id" character varying(1024),
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "bookings_pkey" PRIMARY KEY ("id")
    )`);
    await q.query(`CREATE UNIQUE INDEX "bookings_link_start_key" ON "calendar"."bookings" ("link_id", "start_at")`);
    await q.query(`CREATE INDEX "bookings_user_start_idx" ON "calendar"."bookings" ("user_id", "start_at")`);
  }

  async down(q: QueryRunner) {
    await q.query(`DROP TABLE "calendar"."bookings"`);
    await q.query(`ALTER TABLE "calendar"."booking_links" DROP COLUMN "duration_minutes"`);
    await q.query(`ALTER TABLE "calendar"."booking_links" DROP COLUMN "title"`);
  }
}
