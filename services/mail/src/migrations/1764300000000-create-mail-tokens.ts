import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateMailTokens1764300000000 implements MigrationInterface {
  name = 'CreateMailTokens1764300000000';

  async up(q: QueryRunner) {
    await q.query(`CREATE TABLE "mail"."tokens" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "user_id" uuid NOT NULL,
      "google_email" character varying(320) NOT NULL,
      "refresh_token_sealed" text NOT NULL,
      "scopes" text array NOT NULL DEFAULT '{}',
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "tokens_pkey" PRIMARY KEY ("id")
    )`);
    await q.query(`CREATE UNIQUE INDEX "tokens_user_id_key" ON "mail"."tokens" ("user_id")`);
  }

  async down(q: QueryRunner) {
    await q.query(`DROP TABLE "mail"."tokens"`);
  }
}
