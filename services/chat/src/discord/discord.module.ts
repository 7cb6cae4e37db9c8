import { Module } from '@nestjs/common';
import { DiscordRestAdapter } from './discord-rest.adapter';
import { DiscordHandler } from './discord.handler';
import { DiscordProvider } from './discord.provider';

@Module({
  controllers: [DiscordHandler],
  providers: [{ provide: DiscordProvider, useClass: DiscordRestAdapter }],
})
export class DiscordModule {}
