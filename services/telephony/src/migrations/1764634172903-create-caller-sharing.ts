import type { MigrationInterface, QueryRunner } from 'typeorm';

/** What each owner lets the phone agent share with callers (issue 17): name, availability, twin facts. */
export class CreateCallerSharing1764634172903 implements MigrationInterface {
  name = 'CreateCallerSharing1764634172903';

  async up(q: QueryRunner) {
    await q.query(`CREATE TABLE "telephony"."caller_sharing" (
      "user_id" uuid NOT NULL,
      "share_name" boolean NOT NULL DEFAULT true,
      "share_availability" boolean NOT NULL DEFAULT true,
      "share_twin_facts" boolean NOT NULL DEFAULT false,
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "caller_sharing_pkey" PRIMARY KEY ("user_id")
    )`);
  }

  async down(q: QueryRunner) {
    await q.query(`DROP TABLE "telephony"."caller_sharing"`);
  }
}
