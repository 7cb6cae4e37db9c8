/** A bot's view of Discord; DiscordAdapter (REST API v10) is the implementation. */
export abstract class DiscordProvider {
  abstract servers(): Promise<{ id: string; name: string }[]>;
  abstract textChannels(guildId: string): Promise<{ id: string; name: string }[]>;
  abstract sendMessage(channelId: string, content: string): Promise<{ id: string }>;
}
