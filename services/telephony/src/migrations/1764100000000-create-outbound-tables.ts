import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Outbound call logs (queued calls included) and automated call scenarios. */
export class CreateOutboundTables1764100000000 implements MigrationInterface {
  name = 'CreateOutboundTables1764100000000';

  async up(q: QueryRunner) {
    await q.query(`CREATE TABLE "telephony"."call_logs" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "user_id" uuid NOT NULL,
      "phone_number" character varying(20) NOT NULL,
      "scenario" character varying(32) NOT NULL,
      "priority" character varying(16) NOT NULL DEFAULT 'normal',
      "status" character varying(16) NOT NULL DEFAULT 'pending',
      "payload" jsonb NOT NULL DEFAULT '{}',
      "scenario_id" uuid,
      "run_key" character varying(200),
      "scheduled_time" TIMESTAMP WITH TIME ZONE,
      "reserved_month" character varying(7),
      "opening" text,
      "call_sid" character varying(64),
      "answered" boolean NOT NULL DEFAULT false,
      "duration" integer,
      "error_message" text,
      "transcript" text,
      "recording_sid" character varying(64),
      "ended_at" TIMESTAMP WITH TIME ZONE,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "call_logs_pkey" PRIMARY KEY ("id")
    )`);
    await q.query(`CREATE INDEX "call_logs_user_created_idx" ON "telephony"."call_logs" ("user_id", "created_at")`);
    await q.query(`CREATE UNIQUE INDEX "call_logs_run_key_key" ON "telephony"."call_logs" ("run_key")`);
    await q.query(`CREATE TABLE "telephony"."call_scenarios" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "user_id" uuid NOT NULL,
      "name" character varying(200) NOT NULL,
      "description" text,
      "scenario_type" character varying(32) NOT NULL,
      "message_template" text NOT NULL,
      "target_phone_number" character varying(20) NOT NULL,
      "schedule_enabled" boolean NOT NULL DEFAULT false,
      "schedule_cron" character varying(100),
      "schedule_timezone" character varying(100) NOT NULL DEFAULT 'America/New_York',
      "is_active" boolean NOT NULL DEFAULT true,
      "last_executed" TIMESTAMP WITH TIME ZONE,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "call_scenarios_pkey" PRIMARY KEY ("id")
    )`);
    await q.query(`CREATE INDEX "call_scenarios_user_created_idx" ON "telephony"."call_scenarios" ("user_id", "created_at")`);
  }

  async down(q: QueryRunner) {
    await q.query(`DROP TABLE "telephony"."call_scenarios"`);
    await q.query(`DROP TABLE "telephony"."call_logs"`);
  }
}
