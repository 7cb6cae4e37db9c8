import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 17: an e-mail address is verified before Jarvis sends to it. Addresses Google gave a Google account are
 * verified by Google; every other address starts unverified and is sent a link.
 */
export class EmailVerification1764604821337 implements MigrationInterface {
  name = 'EmailVerification1764604821337';

  async up(q: QueryRunner) {
    await q.query(`ALTER TABLE "identity"."users" ADD "email_verified_at" TIMESTAMP WITH TIME ZONE`);
    await q.query(`UPDATE "identity"."users" SET "email_verified_at" = "created_at" WHERE "google_id" IS NOT NULL AND "email" IS NOT NULL`);
    await q.query(`CREATE TABLE "identity"."email_verification_tokens" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "user_id" uuid NOT NULL,
      "email" character varying(254) NOT NULL,
      "token_hash" character varying(64) NOT NULL,
      "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "used_at" TIMESTAMP WITH TIME ZONE,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "email_verification_tokens_pkey" PRIMARY KEY ("id"),
      CONSTRAINT "email_verification_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE CASCADE
    )`);
    await q.query(`CREATE INDEX "email_verification_tokens_user_id_idx" ON "identity"."email_verification_tokens" ("user_id")`);
    await q.query(`CREATE UNIQUE INDEX "email_verification_tokens_token_hash_key" ON "identity"."email_verification_tokens" ("token_hash")`);
  }

  async down(q: QueryRunner) {
    await q.query(`DROP TABLE "identity"."email_verification_tokens"`);
    await q.query(`ALTER TABLE "identity"."users" DROP COLUMN "email_verified_at"`);
  }
}
