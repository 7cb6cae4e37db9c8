import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Voices waiting to be deleted at the provider after a newer clone replaced them. */
export class CreateRetiredVoices1764500031877 implements MigrationInterface {
  name = 'CreateRetiredVoices1764500031877';

  async up(q: QueryRunner) {
    await q.query(`CREATE TABLE "voice"."retired_voices" (
      "voice_id" character varying(100) NOT NULL,
      "user_id" uuid NOT NULL,
      "attempts" integer NOT NULL DEFAULT 0,
      "last_error" text,
      "retired_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "retired_voices_pkey" PRIMARY KEY ("voice_id")
    )`);
    await q.query(`CREATE INDEX "retired_voices_user_idx" ON "voice"."retired_voices" ("user_id")`);
  }

  async down(q: QueryRunner) {
    await q.query(`DROP INDEX "voice"."retired_voices_user_idx"`);
    await q.query(`DROP TABLE "voice"."retired_voices"`);
  }
}
