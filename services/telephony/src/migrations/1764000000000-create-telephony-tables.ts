import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Phone lines, inbound calls, phone messages and contacts of the telephony schema. */
export class CreateTelephonyTables1764000000000 implements MigrationInterface {
  name = 'CreateTelephonyTables1764000000000';

  async up(q: QueryRunner) {
    await q.query(`CREATE TABLE "telephony"."phone_lines" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "user_id" uuid NOT NULL,
      "phone_number" character varying(20) NOT NULL,
      "twilio_sid" character varying(64) NOT NULL,
      "purchased" boolean NOT NULL DEFAULT false,
      "tier" character varying(16) NOT NULL DEFAULT 'free',
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "phone_lines_pkey" PRIMARY KEY ("id"),
      CONSTRAINT "phone_lines_user_id_key" UNIQUE ("user_id"),
      CONSTRAINT "phone_lines_phone_number_key" UNIQUE ("phone_number")
    )`);
    await q.query(`CREATE TABLE "telephony"."inbound_calls" (
      "call_sid" character varying(64) NOT NULL,
      "user_id" uuid NOT NULL,
      "from_number" character varying(32) NOT NULL,
      "to_number" character varying(32) NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "inbound_calls_pkey" PRIMARY KEY ("call_sid")
    )`);
    await q.query(`CREATE TABLE "telephony"."phone_messages" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "user_id" uuid NOT NULL,
      "source_sid" character varying(64) NOT NULL,
      "caller_name" character varying(200),
      "caller_number" character varying(32) NOT NULL,
      "message_type" character varying(32) NOT NULL DEFAULT 'other',
      "priority" character varying(16) NOT NULL DEFAULT 'normal',
      "status" character varying(16) NOT NULL DEFAULT 'new',
      "duration" integer,
      "transcript" text,
      "jarvis_response" text,
      "recording_sid" character varying(64),
      "tags" text array NOT NULL DEFAULT '{}',
      "action_items" jsonb NOT NULL DEFAULT '[]',
      "notes" text,
      "follow_up_needed" boolean NOT NULL DEFAULT false,
      "callback_requested" boolean NOT NULL DEFAULT false,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "phone_messages_pkey" PRIMARY KEY ("id"),
      CONSTRAINT "phone_messages_source_sid_key" UNIQUE ("source_sid")
    )`);
    await q.query(`CREATE INDEX "phone_messages_user_created_idx" ON "telephony"."phone_messages" ("user_id", "created_at")`);
    await q.query(`CREATE TABLE "telephony"."contacts" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "user_id" uuid NOT NULL,
      "name" character varying(200) NOT NULL,
      "phone_number" character varying(20) NOT NULL,
      "email" character varying(320),
      "notes" text,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "contacts_pkey" PRIMARY KEY ("id")
    )`);
    await q.query(`CREATE UNIQUE INDEX "contacts_user_phone_key" ON "telephony"."contacts" ("user_id", "phone_number")`);
  }

  async down(q: QueryRunner) {
    await q.query(`DROP TABLE "telephony"."contacts"`);
    await q.query(`DROP TABLE "telephony"."phone_messages"`);
    await q.query(`DROP TABLE "telephony"."inbound_calls"`);
    await q.query(`DROP TABLE "telephony"."phone_lines"`);
  }
}
