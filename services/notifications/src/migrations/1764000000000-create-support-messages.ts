import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateSupportMessages1764000000000 implements MigrationInterface {
  name = 'CreateSupportMessages1764000000000';

  async up(q: QueryRunner) {
    await q.query(`CREATE TABLE "notifications"."support_messages" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "user_id" uuid,
      "name" character varying(200) NOT NULL,
      "email" character varying(254) NOT NULL,
      "subject" character varying(300) NOT NULL,
      "message" text NOT NULL,
      "forwarded_at" TIMESTAMP WITH TIME ZONE,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "support_messages_pkey" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "support_messages_user_id_idx" ON "notifications"."support_messages" ("user_id")`);
  }

  async down(q: QueryRunner) {
    await q.query(`DROP TABLE "notifications"."support_messages"`);
  }
}
