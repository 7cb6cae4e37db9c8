import { Controller } from '@nestjs/common';
import { api } from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { DiscordService } from './discord.service';

@Controller()
export class DiscordHandler {
  constructor(private readonly discord: DiscordService) {}

  @Handles(api.chat.discordServers)
  servers({ userId }: HandlerInput<typeof api.chat.discordServers>) {
    return this.discord.servers(userId);
  }

  @Handles(api.chat.discordInvite)
  invite({ userId }: HandlerInput<typeof api.chat.discordInvite>) {
    return this.discord.inviteUrl(userId);
  }

  @Handles(api.chat.discordCallback)
  callback({ userId, data }: HandlerInput<typeof api.chat.discordCallback>) {
    return this.discord.callback(userId, data);
  }

  @Handles(api.chat.discordChannels)
  channels({ userId, data }: HandlerInput<typeof api.chat.discordChannels>) {
    return this.discord.textChannels(userId, data.guildId);
  }

  @Handles(api.chat.discordMessage)
  async message({ userId, data }: HandlerInput<typeof api.chat.discordMessage>) {
    const sent = await this.discord.sendMessage(userId, data.channelId, data.content);
    return { success: true as const, id: sent.id };
  }
}
