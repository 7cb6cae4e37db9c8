import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Cloned voices, their pending samples and the monthly usage counters of the voice schema. */
export class CreateVoiceTables1764000000000 implements MigrationInterface {
  name = 'CreateVoiceTables1764000000000';

  async up(q: QueryRunner) {
    await q.query(`CREATE TABLE "voice"."voice_clones" (
      "user_id" uuid NOT NULL,
      "clone_id" uuid NOT NULL,
      "status" character varying(16) NOT NULL,
      "voice_id" character varying(100),
      "enabled" boolean NOT NULL DEFAULT false,
      "failure_reason" text,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "voice_clones_pkey" PRIMARY KEY ("user_id")
    )`);
    await q.query(`CREATE TABLE "voice"."voice_samples" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "user_id" uuid NOT NULL,
      "clone_id" uuid NOT NULL,
      "position" smallint NOT NULL,
      "content_type" character varying(100) NOT NULL,
      "data" bytea NOT NULL,
      CONSTRAINT "voice_samples_pkey" PRIMARY KEY ("id")
    )`);
    await q.query(`CREATE INDEX "voice_samples_clone_idx" ON "voice"."voice_samples" ("clone_id")`);
    await q.query(`CREATE TABLE "voice"."voice_usage" (
      "user_id" uuid NOT NULL,
      "month" character(7) NOT NULL,
      "seconds_transcribed" double precision NOT NULL DEFAULT 0,
      "characters_spoken" integer NOT NULL DEFAULT 0,
      CONSTRAINT "voice_usage_pkey" PRIMARY KEY ("user_id", "month")
    )`);
  }

  async down(q: QueryRunner) {
    await q.query(`DROP TABLE "voice"."voice_usage"`);
    await q.query(`DROP INDEX "voice"."voice_samples_clone_idx"`);
    await q.query(`DROP TABLE "voice"."voice_samples"`);
    await q.query(`DROP TABLE "voice"."voice_clones"`);
  }
}
