import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Google Calendar connections (sealed refresh tokens), sync settings, and what each sync made of an event. */
export class CreateCalendarSync1764300000001 implements MigrationInterface {
  name = 'CreateCalendarSync1764300000001';

  async up(q: QueryRunner) {
    await q.query(`CREATE TABLE "calendar"."calendar_connections" (
      "user_id" uuid NOT NULL,
      "google_email" character varying(320),
      "refresh_token_sealed" text NOT NULL,
      "scopes" text NOT NULL DEFAULT '',
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "calendar_connections_pkey" PRIMARY KEY ("user_id")
    )`);
    await q.query(`CREATE TABLE "calendar"."calendar_sync_settings" (
      "user_id" uuid NOT NULL,
      "enabled" boolean NOT NULL DEFAULT false,
      "sync_reminders" boolean NOT NULL DEFAULT true,
      "reminder_minutes_before" integer NOT NULL DEFAULT 15,
      "sync_calls" boolean NOT NULL DEFAULT false,
      "call_keywords" text array NOT NULL DEFAULT '{}',
      "last_sync_at" TIMESTAMP WITH TIME ZONE,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "calendar_sync_settings_pkey" PRIMARY KEY ("user_id")
    )`);
    await q.query(`CREATE INDEX "calendar_sync_settings_enabled_idx" ON "calendar"."calendar_sync_settings" ("enabled")`);
    await q.query(`CREATE TABLE "calendar"."synced_events" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "user_id" uuid NOT NULL,
      "google_event_id" character varying(1024) NOT NULL,
      "event_type" character varying(16) NOT NULL,
      "event_title" character varying(500) NOT NULL,
      "event_start" TIMESTAMP WITH TIME ZONE NOT NULL,
      "reminder_id" uuid,
      "call_id" character varying(64),
      "dismissed_at" TIMESTAMP WITH TIME ZONE,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "synced_events_pkey" PRIMARY KEY ("id")
    )`);
    await q.query(
      `CREATE UNIQUE INDEX "synced_events_user_event_type_key" ON "calendar"."synced_events" ("user_id", "google_event_id", "event_type")`,
    );
    await q.query(`CREATE INDEX "synced_events_user_start_idx" ON "calendar"."synced_events" ("user_id", "event_start")`);
  }

  async down(q: QueryRunner) {
    await q.query(`DROP TABLE "calendar"."synced_events"`);
    await q.query(`DROP TABLE "calendar"."calendar_sync_settings"`);
    await q.query(`DROP TABLE "calendar"."calendar_connections"`);
  }
}
