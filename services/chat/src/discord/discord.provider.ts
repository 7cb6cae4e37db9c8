export interface DiscordServer {
  id: string;
  name: string;
}

/** A bot's view of Discord and the application's install flow; DiscordAdapter (REST API v10, OAuth2) implements it. */
export abstract class DiscordProvider {
  /** Throws the 503 naming DISCORD_BOT_TOKEN when the bot is not configured. */
  abstract assertConfigured(): void;
  /**
   * Exchanges the install flow's code (with the application's id and secret) and answers the server Discord says
   * the bot was added to; null when Discord refuses the code (used, expired, for another redirect) or names none.
   */
  abstract installedServer(code: string, redirectUri: string): Promise<DiscordServer | null>;
  /** Checks the bot token: the connection test when the user has no server yet. */
  abstract checkBot(): Promise<void>;
  /** A server the bot is in; null when it is not (any more). */
  abstract server(guildId: string): Promise<DiscordServer | null>;
  abstract textChannels(guildId: string): Promise<{ id: string; name: string }[]>;
  /** The server a channel belongs to; null for a channel the bot cannot see or one outside any server. */
  abstract channelServerId(channelId: string): Promise<string | null>;
  abstract sendMessage(channelId: string, content: string): Promise<{ id: string }>;
}
