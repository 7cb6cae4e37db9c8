import { Injectable } from '@nestjs/common';
import { DataSource, type Repository } from 'typeorm';
import { DiscordGuildEntity } from './entities/discord-guild.entity';
import type { DiscordServer } from './discord.provider';
import type { EntityManager } from 'typeorm';

/** The servers each user added the bot to; every query scoped by userId. */
@Injectable()
export class DiscordGuildsRepository {
  private readonly guilds: Repository<DiscordGuildEntity>;

  constructor(dataSource: DataSource) {
    this.guilds = dataSource.getRepository(DiscordGuildEntity);
  }

  /** Binds the server to the user (once: adding the bot to it again only refreshes its name). */
  async bind(userId: string, server: DiscordServer) {
    await this.guilds
      .createQueryBuilder()
      .insert()
      .values({ userId, guildId: server.id, name: server.name })
      .orUpdate(['name'], ['user_id', 'guild_id'])
      .execute();
  }

  list(userId: string): Promise<DiscordGuildEntity[]> {
    return this.guilds.find({ where: { userId }, order: { createdAt: 'ASC' } });
  }

  async isBound(userId: string, guildId: string): Promise<boolean> {
    return this.guilds.existsBy({ userId, guildId });
  }

  /** Account lifecycle (issue 22): the servers the user added the bot to. */
  ofUser(userId: string) {
    return this.guilds.find({ where: { userId }, order: { createdAt: 'ASC' } });
  }

  async eraseUser(manager: EntityManager, userId: string) {
    await manager.getRepository(DiscordGuildEntity).delete({ userId });
  }
}
