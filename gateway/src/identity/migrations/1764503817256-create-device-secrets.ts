import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Browsers bound to accounts by the hash of their `jarvis_device` secret (quick access, lockout exemption). */
export class CreateDeviceSecrets1764503817256 implements MigrationInterface {
  name = 'CreateDeviceSecrets1764503817256';

  async up(q: QueryRunner) {
    await q.query(`CREATE TABLE "identity"."device_secrets" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "user_id" uuid NOT NULL,
      "secret_hash" character(64) NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "last_used_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "device_secrets_pkey" PRIMARY KEY ("id"),
      CONSTRAINT "device_secrets_user_id_fkey" FOREIGN KEY ("user_id")
        REFERENCES "identity"."users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION
    )`);
    await q.query(`CREATE UNIQUE INDEX "device_secrets_secret_hash_user_id_key" ON "identity"."device_secrets" ("secret_hash", "user_id")`);
    await q.query(`CREATE INDEX "device_secrets_user_id_idx" ON "identity"."device_secrets" ("user_id")`);
  }

  async down(q: QueryRunner) {
    await q.query(`DROP TABLE "identity"."device_secrets"`);
  }
}
