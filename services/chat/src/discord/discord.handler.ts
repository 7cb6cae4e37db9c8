import { Controller, Inject } from '@nestjs/common';
import { api } from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { CHAT_CONFIG, type ChatConfig } from '../config/chat.config';
import { discordInviteUrl } from './discord-invite';
import { DiscordProvider } from './discord.provider';

@Controller()
export class DiscordHandler {
  constructor(
    private readonly discord: DiscordProvider,
    @Inject(CHAT_CONFIG) private readonly config: ChatConfig,
  ) {}

  @Handles(api.chat.discordServers)
  servers(_input: HandlerInput<typeof api.chat.discordServers>) {
    return this.discord.servers();
  }

  /** The /discord-setup invite link: built from DISCORD_CLIENT_ID, null when it is not set (no Discord call). */
  @Handles(api.chat.discordInvite)
  invite(_input: HandlerInput<typeof api.chat.discordInvite>) {
    return { inviteUrl: discordInviteUrl(this.config.DISCORD_CLIENT_ID) };
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
