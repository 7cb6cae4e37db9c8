import { Module } from '@nestjs/common';
import { OAuthStateStore, RedisConnection } from '@jarvis/platform';
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
      inject: [RedisConnection],
      useFactory: (redis: RedisConnection) => OAuthStateStore.for(redis, 'discord'),
    },
  ],
  exports: [DiscordService],
})
export class DiscordModule {}
