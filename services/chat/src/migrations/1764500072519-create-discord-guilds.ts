import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The Discord servers each user added the bot to. */
export class CreateDiscordGuilds1764500072519 implements MigrationInterface {
  name = 'CreateDiscordGuilds1764500072519';

  async up(q: QueryRunner) {
    await q.query(`CREATE TABLE "chat"."discord_guilds" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "user_id" uuid NOT NULL,
      "guild_id" character varying(25) NOT NULL,
      "name" character varying(100) NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "discord_guilds_pkey" PRIMARY KEY ("id")
    )`);
    await q.query(`CREATE UNIQUE INDEX "discord_guilds_user_guild_key" ON "chat"."discord_guilds" ("user_id", "guild_id")`);
  }

  async down(q: QueryRunner) {
    await q.query(`DROP INDEX "chat"."discord_guilds_user_guild_key"`);
    await q.query(`DROP TABLE "chat"."discord_guilds"`);
  }
}
