import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A Discord server a user added the operator's bot to, through Jarvis's install flow: the only servers that user
 * sees and posts to with the bot.
 */
@Entity({ schema: 'chat', name: 'discord_guilds' })
@Index('discord_guilds_user_guild_key', ['userId', 'guildId'], { unique: true })
export class DiscordGuildEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  /** Discord's snowflake, as Discord confirmed it in the token exchange. */
  @Column({ name: 'guild_id', type: 'varchar', length: 25 })
  guildId!: string;

  /** The server's name when it was added (Discord's current name is asked for when listing). */
  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
