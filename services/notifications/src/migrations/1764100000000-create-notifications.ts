import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateNotifications1764100000000 implements MigrationInterface {
  name = 'CreateNotifications1764100000000';

  async up(q: QueryRunner) {
    await q.query(`CREATE TABLE "notifications"."notifications" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "user_id" uuid NOT NULL,
      "type" character varying(40) NOT NULL,
      "title" character varying(200) NOT NULL,
      "message" text NOT NULL,
      "priority" character varying(20) NOT NULL DEFAULT 'normal',
      "read" boolean NOT NULL DEFAULT false,
      "source_key" character varying(200),
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "notifications_pkey" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "notifications_user_id_created_at_idx" ON "notifications"."notifications" ("user_id", "created_at")`);
    await q.query(`CREATE UNIQUE INDEX "notifications_user_id_source_key_key" ON "notifications"."notifications" ("user_id", "source_key")`);
    await q.query(`CREATE TABLE "notifications"."notification_preferences" (
      "user_id" uuid NOT NULL,
      "preferences" jsonb NOT NULL,
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "notification_preferences_pkey" PRIMARY KEY ("user_id"))`);
    await q.query(`CREATE TABLE "notifications"."voice_alert_settings" (
      "user_id" uuid NOT NULL,
      "enabled" boolean NOT NULL DEFAULT false,
      "wake_time" character varying(5) NOT NULL DEFAULT '07:00',
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "voice_alert_settings_pkey" PRIMARY KEY ("user_id"))`);
    await q.query(`CREATE TABLE "notifications"."user_locations" (
      "user_id" uuid NOT NULL,
      "lat" double precision NOT NULL,
      "lon" double precision NOT NULL,
      "location_name" character varying(200),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "user_locations_pkey" PRIMARY KEY ("user_id"))`);
    await q.query(`CREATE TABLE "notifications"."push_subscriptions" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "user_id" uuid NOT NULL,
      "endpoint" character varying(2048) NOT NULL,
      "p256dh" character varying(512) NOT NULL,
      "auth" character varying(512) NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "push_subscriptions_pkey" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "push_subscriptions_user_id_idx" ON "notifications"."push_subscriptions" ("user_id")`);
    await q.query(`CREATE UNIQUE INDEX "push_subscriptions_endpoint_key" ON "notifications"."push_subscriptions" ("endpoint")`);
    await q.query(`CREATE TABLE "notifications"."vapid_keys" (
      "id" smallint NOT NULL,
      "public_key" character varying(200) NOT NULL,
      "private_key" character varying(200) NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "vapid_keys_pkey" PRIMARY KEY ("id"))`);
  }

  async down(q: QueryRunner) {
    await q.query(`DROP TABLE "notifications"."vapid_keys"`);
    await q.query(`DROP TABLE "notifications"."push_subscriptions"`);
    await q.query(`DROP TABLE "notifications"."user_locations"`);
    await q.query(`DROP TABLE "notifications"."voice_alert_settings"`);
    await q.query(`DROP TABLE "notifications"."notification_preferences"`);
    await q.query(`DROP TABLE "notifications"."notifications"`);
  }
}
