import { Module } from '@nestjs/common';
import { OAuthStateStore } from '@jarvis/platform';
import { ChatRedis } from '../redis/chat-redis';
import { DiscordAdapter } from './discord.adapter';
import { DiscordGuildsRepository } from './discord-guilds.repository';
import { DiscordHandler } from './discord.handler';
import { DiscordProvider } from './discord.provider';
import { DiscordService } from './discord.service';

@Module({
  controllers: [DiscordHandler],
  providers: [
    DiscordService,
    DiscordGuildsRepository,
    { provide: DiscordProvider, useClass: DiscordAdapter },
    {
      provide: OAuthStateStore,
      inject: [ChatRedis],
      useFactory: (redis: ChatRedis) => OAuthStateStore.for(redis.client, redis.prefix, 'discord'),
    },
  ],
})
export class DiscordModule {}
