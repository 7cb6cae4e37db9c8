import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 17: the contact form's per-visitor limit, and the SMS number's verification. */
export class ContactAttemptsAndSmsVerification1764608813421 implements MigrationInterface {
  name = 'ContactAttemptsAndSmsVerification1764608813421';

  async up(q: QueryRunner) {
    await q.query(`CREATE TABLE "notifications"."contact_attempts" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "visitor" character varying(100) NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "contact_attempts_pkey" PRIMARY KEY ("id")
    )`);
    await q.query(`CREATE INDEX "contact_attempts_visitor_idx" ON "notifications"."contact_attempts" ("visitor", "created_at")`);
    await q.query(`CREATE INDEX "contact_attempts_created_at_idx" ON "notifications"."contact_attempts" ("created_at")`);
    await q.query(`CREATE TABLE "notifications"."sms_number_verifications" (
      "user_id" uuid NOT NULL,
      "phone_number" character varying(16),
      "code_hash" character varying(64),
      "code_expires_at" TIMESTAMP WITH TIME ZONE,
      "failed_attempts" integer NOT NULL DEFAULT 0,
      "verified_at" TIMESTAMP WITH TIME ZONE,
      "codes_in_window" integer NOT NULL DEFAULT 0,
      "window_started_at" TIMESTAMP WITH TIME ZONE,
      "last_sent_at" TIMESTAMP WITH TIME ZONE,
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "sms_number_verifications_pkey" PRIMARY KEY ("user_id")
    )`);
    // Numbers saved before verification existed start unverified: their users get the Send code button.
    await q.query(`INSERT INTO "notifications"."sms_number_verifications" ("user_id", "phone_number")
      SELECT "user_id", n FROM (
        SELECT "user_id", regexp_replace("preferences"->'sms'->>'phoneNumber', '[[:space:]().-]', '', 'g') AS n
        FROM "notifications"."notification_preferences"
      ) numbers
      WHERE n ~ '^\\+[1-9][0-9]{6,14}$'`);
  }

  async down(q: QueryRunner) {
    await q.query(`DROP TABLE "notifications"."sms_number_verifications"`);
    await q.query(`DROP TABLE "notifications"."contact_attempts"`);
  }
}
