import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Messages, feedback, personas, memories, twin, shortcuts and saved conversations of the chat schema. */
export class CreateChatTables1763900000000 implements MigrationInterface {
  name = 'CreateChatTables1763900000000';

  async up(q: QueryRunner) {
    await q.query(`CREATE TABLE "chat"."messages" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "user_id" uuid NOT NULL,
      "role" character varying(16) NOT NULL,
      "content" text NOT NULL,
      "actions" jsonb NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "messages_pkey" PRIMARY KEY ("id"),
      CONSTRAINT "messages_role_check" CHECK ("role" IN ('user', 'assistant'))
    )`);
    await q.query(`CREATE INDEX "messages_user_created_idx" ON "chat"."messages" ("user_id", "created_at")`);

    await q.query(`CREATE TABLE "chat"."message_feedback" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "user_id" uuid NOT NULL,
      "message_id" uuid NOT NULL,
      "feedback_type" character varying(10) NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "message_feedback_pkey" PRIMARY KEY ("id"),
      CONSTRAINT "message_feedback_type_check" CHECK ("feedback_type" IN ('like', 'dislike'))
    )`);
    await q.query(`CREATE UNIQUE INDEX "message_feedback_user_message_key" ON "chat"."message_feedback" ("user_id", "message_id")`);

    await q.query(`CREATE TABLE "chat"."user_settings" (
      "user_id" uuid NOT NULL,
      "personality_id" character varying(40) NOT NULL DEFAULT 'friendly_companion',
      "career_id" character varying(40) NOT NULL DEFAULT 'general',
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "user_settings_pkey" PRIMARY KEY ("user_id")
    )`);

    await q.query(`CREATE TABLE "chat"."memories" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "user_id" uuid NOT NULL,
      "type" character varying(20) NOT NULL,
      "content" text NOT NULL,
      "importance" smallint NOT NULL,
      "tags" text array NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "memories_pkey" PRIMARY KEY ("id"),
      CONSTRAINT "memories_type_check" CHECK ("type" IN ('profile', 'episode', 'interaction', 'other')),
      CONSTRAINT "memories_importance_check" CHECK ("importance" BETWEEN 1 AND 5)
    )`);
    await q.query(`CREATE INDEX "memories_user_created_idx" ON "chat"."memories" ("user_id", "created_at")`);

    await q.query(`CREATE TABLE "chat"."twins" (
      "user_id" uuid NOT NULL,
      "samples" jsonb NOT NULL,
      "facts" text NOT NULL,
      "boundaries" text NOT NULL,
      "profile" jsonb,
      "trained_at" TIMESTAMP WITH TIME ZONE,
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "twins_pkey" PRIMARY KEY ("user_id")
    )`);

    await q.query(`CREATE TABLE "chat"."quick_response_shortcuts" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "user_id" uuid NOT NULL,
      "name" character varying(100) NOT NULL,
      "trigger_phrases" text array NOT NULL,
      "response_template" text NOT NULL,
      "is_active" boolean NOT NULL DEFAULT true,
      "usage_count" integer NOT NULL DEFAULT 0,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "quick_response_shortcuts_pkey" PRIMARY KEY ("id")
    )`);
    await q.query(`CREATE INDEX "quick_response_shortcuts_user_idx" ON "chat"."quick_response_shortcuts" ("user_id", "created_at")`);

    await q.query(`CREATE TABLE "chat"."conversations" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "user_id" uuid NOT NULL,
      "title" character varying(200) NOT NULL,
      "description" text,
      "message_ids" uuid array NOT NULL,
      "is_public" boolean NOT NULL DEFAULT false,
      "share_token" character varying(64),
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "deleted_at" TIMESTAMP WITH TIME ZONE,
      CONSTRAINT "conversations_pkey" PRIMARY KEY ("id")
    )`);
    await q.query(`CREATE INDEX "conversations_user_created_idx" ON "chat"."conversations" ("user_id", "created_at")`);
    await q.query(`CREATE UNIQUE INDEX "conversations_share_token_key" ON "chat"."conversations" ("share_token")`);
  }

  async down(q: QueryRunner) {
    for (const table of ['conversations', 'quick_response_shortcuts', 'twins', 'memories', 'user_settings', 'message_feedback', 'messages']) {
      await q.query(`DROP TABLE "chat"."${table}"`);
    }
  }
}
