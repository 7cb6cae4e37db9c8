import { Inject, Injectable } from '@nestjs/common';
import { DomainError, ErrorKind, NotFoundError, ProviderUnavailableError, RateLimitedError } from '@jarvis/contracts';
import { type HttpResult, providerFetch, type ProviderInfo, providerUrl, requireCredential, unexpectedStatus } from '@jarvis/platform';
import { CHAT_CONFIG, type ChatConfig } from '../config/chat.config';
import { DiscordProvider } from './discord.provider';

const PROVIDER: ProviderInfo = { name: 'Discord', variables: ['DISCORD_BOT_TOKEN'] };
/** Channel types a bot can post text to: GUILD_TEXT (0) and GUILD_ANNOUNCEMENT (5). */
const TEXT_CHANNEL_TYPES = new Set([0, 5]);

/** Discord REST v10 with the bot token (`Authorization: Bot <token>`). */
@Injectable()
export class DiscordAdapter extends DiscordProvider {
  constructor(@Inject(CHAT_CONFIG) private readonly config: ChatConfig) {
    super();
  }

  async servers() {
    const result = await this.request('GET', '/users/@me/guilds');
    this.check(result, 'Discord server');
    return (result.body as { id: string; name: string }[]).map((g) => ({ id: g.id, name: g.name }));
  }

  async textChannels(guildId: string) {
    const result = await this.request('GET', `/guilds/${encodeURIComponent(guildId)}/channels`);
    this.check(result, 'Discord server');
    return (result.body as { id: string; name: string; type: number; position?: number }[])
      .filter((c) => TEXT_CHANNEL_TYPES.has(c.type))
      .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
      .map((c) => ({ id: c.id, name: c.name }));
  }

  async sendMessage(channelId: string, content: string) {
    const result = await this.request('POST', `/channels/${encodeURIComponent(channelId)}/messages`, { content, allowed_mentions: { parse: [] } });
    this.check(result, 'Discord channel');
    return { id: String((result.body as { id: string }).id) };
  }

  private request(method: string, path: string, body?: unknown): Promise<HttpResult> {
    const token = requireCredential(PROVIDER, this.config.DISCORD_BOT_TOKEN);
    return providerFetch(PROVIDER, providerUrl(this.config.DISCORD_BASE_URL, path), {
      method,
      headers: { Authorization: `Bot ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  }

  private check(result: HttpResult, what: string) {
    if (result.status >= 200 && result.status < 300) return;
    if (result.status === 401) throw new ProviderUnavailableError(PROVIDER.name, PROVIDER.variables, 'the bot token was rejected (check DISCORD_BOT_TOKEN)');
    if (result.status === 403) throw new DomainError(ErrorKind.Forbidden, `The bot is not allowed to do that in this ${what.replace('Discord ', '')}. Check its permissions.`);
    if (result.status === 404) throw new NotFoundError(what);
    if (result.status === 429) throw new RateLimitedError('Discord is rate limiting the bot. Please try again shortly.', Math.ceil(Number((result.body as { retry_after?: number } | null)?.retry_after ?? 5)));
    throw unexpectedStatus(PROVIDER, result);
  }
}
