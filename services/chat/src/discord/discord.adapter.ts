import { Inject, Injectable } from '@nestjs/common';
import { DomainError, ErrorKind, NotFoundError, ProviderUnavailableError, RateLimitedError } from '@jarvis/contracts';
import { type HttpResult, providerFetch, type ProviderInfo, providerUrl, requireCredential, unexpectedStatus } from '@jarvis/platform';
import { CHAT_CONFIG, type ChatConfig } from '../config/chat.config';
import { DiscordProvider, type DiscordServer } from './discord.provider';

const PROVIDER: ProviderInfo = { name: 'Discord', variables: ['DISCORD_BOT_TOKEN'] };
const OAUTH: ProviderInfo = { name: 'Discord', variables: ['DISCORD_CLIENT_ID', 'DISCORD_CLIENT_SECRET'] };
/** Channel types a bot can post text to: GUILD_TEXT (0) and GUILD_ANNOUNCEMENT (5). */
const TEXT_CHANNEL_TYPES = new Set([0, 5]);

/** Discord REST v10 with the bot token (`Authorization: Bot <token>`), and the OAuth2 token exchange of the install flow. */
@Injectable()
export class DiscordAdapter extends DiscordProvider {
  constructor(@Inject(CHAT_CONFIG) private readonly config: ChatConfig) {
    super();
  }

  assertConfigured() {
    requireCredential(PROVIDER, this.config.DISCORD_BOT_TOKEN);
  }

  /** POST /api/oauth2/token (authorization_code, HTTP Basic with the application's id and secret). */
  async installedServer(code: string, redirectUri: string): Promise<DiscordServer | null> {
    const clientId = requireCredential(OAUTH, this.config.DISCORD_CLIENT_ID);
    const secret = requireCredential(OAUTH, this.config.DISCORD_CLIENT_SECRET);
    const result = await providerFetch<{ guild?: { id?: unknown; name?: unknown } }>(
      OAUTH,
      providerUrl(this.config.DISCORD_OAUTH_BASE_URL, '/api/oauth2/token'),
      {
        method: 'POST',
        headers: {
          Authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }).toString(),
      },
    );
    // invalid_grant and friends: the code was used, expired or made for another redirect.
    if (result.status === 400) return null;
    if (result.status === 401) throw new ProviderUnavailableError(OAUTH.name, OAUTH.variables, 'the application credentials were rejected (check DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET)');
    if (result.status !== 200) throw unexpectedStatus(OAUTH, result);
    const guild = result.body?.guild;
    if (typeof guild?.id !== 'string' || !/^\d{5,25}$/.test(guild.id)) return null;
    return { id: guild.id, name: typeof guild.name === 'string' ? guild.name.slice(0, 100) : guild.id };
  }

  async checkBot() {
    this.check(await this.request('GET', '/users/@me'), 'Discord bot');
  }

  async server(guildId: string): Promise<DiscordServer | null> {
    const result = await this.request('GET', `/guilds/${encodeURIComponent(guildId)}`);
    // 403 Missing Access or 404 Unknown Guild: the bot is not in that server (any more).
    if (result.status === 403 || result.status === 404) return null;
    this.check(result, 'Discord server');
    const guild = result.body as { id: string; name: string };
    return { id: String(guild.id), name: String(guild.name) };
  }

  async textChannels(guildId: string) {
    const result = await this.request('GET', `/guilds/${encodeURIComponent(guildId)}/channels`);
    this.check(result, 'Discord server');
    return (result.body as { id: string; name: string; type: number; position?: number }[])
      .filter((c) => TEXT_CHANNEL_TYPES.has(c.type))
      .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
      .map((c) => ({ id: c.id, name: c.name }));
  }

  async channelServerId(channelId: string): Promise<string | null> {
    const result = await this.request('GET', `/channels/${encodeURIComponent(channelId)}`);
    if (result.status === 403 || result.status === 404) return null;
    this.check(result, 'Discord channel');
    const guildId = (result.body as { guild_id?: unknown }).guild_id;
    return typeof guildId === 'string' ? guildId : null;
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
