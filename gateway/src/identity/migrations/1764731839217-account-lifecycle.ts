import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 22: a user's data exported, imported and erased. Exports (one running per user), the archives imported into
 * an account, and the deleted accounts whose data the services are still erasing; a deleted user is marked until the
 * last service reported.
 */
export class AccountLifecycle1764731839217 implements MigrationInterface {
  name = 'AccountLifecycle1764731839217';

  async up(q: QueryRunner) {
    await q.query(`ALTER TABLE "identity"."users" ADD "deleted_at" TIMESTAMP WITH TIME ZONE`);
    await q.query(`CREATE TABLE "identity"."account_exports" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "user_id" uuid NOT NULL,
      "status" character varying(16) NOT NULL DEFAULT 'queued',
      "progress" smallint NOT NULL DEFAULT 0,
      "parts" jsonb NOT NULL,
      "error" text,
      "bytes" bigint,
      "download_nonce" character varying(64),
      "expires_at" TIMESTAMP WITH TIME ZONE,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "account_exports_pkey" PRIMARY KEY ("id"),
      CONSTRAINT "account_exports_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE CASCADE
    )`);
    await q.query(`CREATE INDEX "account_exports_user_created_idx" ON "identity"."account_exports" ("user_id", "created_at")`);
    await q.query(
      `CREATE UNIQUE INDEX "account_exports_one_running_key" ON "identity"."account_exports" ("user_id") WHERE "status" IN ('queued', 'running')`,
    );
    await q.query(`CREATE TABLE "identity"."account_imports" (
      "user_id" uuid NOT NULL,
      "archive_key" character(64) NOT NULL,
      "imported_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "account_imports_pkey" PRIMARY KEY ("user_id", "archive_key"),
      CONSTRAINT "account_imports_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE CASCADE
    )`);
    await q.query(`CREATE TABLE "identity"."account_deletions" (
      "user_id" uuid NOT NULL,
      "pending_services" text array NOT NULL,
      "attempts" integer NOT NULL DEFAULT 0,
      "last_attempt_at" TIMESTAMP WITH TIME ZONE,
      "last_error" text,
      "requested_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "account_deletions_pkey" PRIMARY KEY ("user_id"),
      CONSTRAINT "account_deletions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE CASCADE
    )`);
  }

  async down(q: QueryRunner) {
    await q.query(`DROP TABLE "identity"."account_deletions"`);
    await q.query(`DROP TABLE "identity"."account_imports"`);
    await q.query(`DROP TABLE "identity"."account_exports"`);
    await q.query(`ALTER TABLE "identity"."users" DROP COLUMN "deleted_at"`);
  }
}
