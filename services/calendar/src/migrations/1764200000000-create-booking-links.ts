import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateBookingLinks1764200000000 implements MigrationInterface {
  name = 'CreateBookingLinks1764200000000';

  async up(q: QueryRunner) {
    await q.query(`CREATE TABLE "calendar"."booking_links" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "user_id" uuid NOT NULL,
      "code" character varying(32) NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "booking_links_pkey" PRIMARY KEY ("id")
    )`);
    await q.query(`CREATE UNIQUE INDEX "booking_links_user_id_key" ON "calendar"."booking_links" ("user_id")`);
    await q.query(`CREATE UNIQUE INDEX "booking_links_code_key" ON "calendar"."booking_links" ("code")`);
  }

  async down(q: QueryRunner) {
    await q.query(`DROP TABLE "calendar"."booking_links"`);
  }
}
