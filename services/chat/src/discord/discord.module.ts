import { Module } from '@nestjs/common';
import { DiscordAdapter } from './discord.adapter';
import { DiscordHandler } from './discord.handler';
import { DiscordProvider } from './discord.provider';

@Module({
  controllers: [DiscordHandler],
  providers: [{ provide: DiscordProvider, useClass: DiscordAdapter }],
})
export class DiscordModule {}
