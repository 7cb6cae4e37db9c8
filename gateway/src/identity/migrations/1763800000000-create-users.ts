import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateUsers1763800000000 implements MigrationInterface {
  name = 'CreateUsers1763800000000';

  async up(q: QueryRunner) {
    await q.query(`CREATE TABLE "identity"."users" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "username" character varying(64),
      "email" character varying(254),
      "password_hash" character varying(255),
      "google_id" character varying(64),
      "first_name" character varying(100),
      "last_name" character varying(100),
      "profile_image_url" character varying(1000),
      "terms_accepted" boolean NOT NULL DEFAULT false,
      "terms_accepted_email" character varying(254),
      "terms_accepted_at" TIMESTAMP WITH TIME ZONE,
      "onboarding_completed" boolean NOT NULL DEFAULT false,
      "subscription_tier" character varying(20) NOT NULL DEFAULT 'free',
      "stripe_customer_id" character varying(100),
      "theme_mode" character varying(10) NOT NULL DEFAULT 'light',
      "theme_color" character varying(10) NOT NULL DEFAULT 'blue',
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "users_pkey" PRIMARY KEY ("id"),
      CONSTRAINT "users_tier_check" CHECK ("subscription_tier" IN ('free', 'premium', 'enterprise'))
    )`);
    await q.query(`CREATE UNIQUE INDEX "users_username_lower_key" ON "identity"."users" (lower("username"))`);
    await q.query(`CREATE UNIQUE INDEX "users_google_id_key" ON "identity"."users" ("google_id")`);
  }

  async down(q: QueryRunner) {
    await q.query(`DROP TABLE "identity"."users"`);
  }
}
