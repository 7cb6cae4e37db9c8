import { Controller } from '@nestjs/common';
import { api } from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { DiscordProvider } from './discord.provider';

@Controller()
export class DiscordHandler {
  constructor(private readonly discord: DiscordProvider) {}

  @Handles(api.chat.discordServers)
  servers(_input: HandlerInput<typeof api.chat.discordServers>) {
    return this.discord.servers();
  }

  @Handles(api.chat.discordChannels)
  channels({ data }: HandlerInput<typeof api.chat.discordChannels>) {
    return this.discord.textChannels(data.guildId);
  }

  @Handles(api.chat.discordMessage)
  async message({ data }: HandlerInput<typeof api.chat.discordMessage>) {
    const sent = await this.discord.sendMessage(data.channelId, data.content);
    return { success: true as const, id: sent.id };
  }
}
