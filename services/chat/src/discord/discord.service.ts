import { Inject, Injectable } from '@nestjs/common';
import { api, ProviderUnavailableError } from '@jarvis/contracts';
import { createLogger, OAuthStateError, OAuthStateStore, providerUrl } from '@jarvis/platform';
import { CHAT_CONFIG, type ChatConfig } from '../config/chat.config';
import { discordInstallUrl } from './discord-invite';
import { DiscordChannelNotFoundError, DiscordServerNotFoundError } from './discord.errors';
import { DiscordGuildsRepository } from './discord-guilds.repository';
import { DiscordProvider } from './discord.provider';
import type { EntityManager } from 'typeorm';
import type { DiscordGuildEntity } from './entities/discord-guild.entity';

const log = createLogger('discord');
const SETUP_PAGE = '/discord-setup';

/** Why the install callback did not bind a server, as `?discordError=` on /discord-setup. */
export type DiscordInstallFailure = 'state' | 'denied' | 'failed' | 'unavailable';

/**
 * The operator's bot, shared fairly: a user sees and posts only to the servers they added the bot to through the
 * install flow (bound in `chat.discord_guilds`); any other server or channel is 404, whether or not the bot is in it.
 */
@Injectable()
export class DiscordService {
  constructor(
    private readonly discord: DiscordProvider,
    private readonly guilds: DiscordGuildsRepository,
    private readonly states: OAuthStateStore,
    @Inject(CHAT_CONFIG) private readonly config: ChatConfig,
  ) {}

  /** The install link with a fresh single-use state for this user; null until the application is configured. */
  async inviteUrl(userId: string): Promise<{ inviteUrl: string | null }> {
    const { DISCORD_CLIENT_ID: clientId, DISCORD_CLIENT_SECRET: secret } = this.config;
    if (!clientId || !secret) return { inviteUrl: null };
    const state = await this.states.create(userId, {});
    return {
      inviteUrl: discordInstallUrl({ oauthBaseUrl: this.config.DISCORD_OAUTH_BASE_URL, clientId, redirectUri: this.redirectUri, state }),
    };
  }

  /** Discord's redirect back: the state first, then the server as Discord's token exchange names it. */
  async callback(userId: string, input: { code?: string; state?: string; error?: string }): Promise<{ location: string }> {
    const back = (failure?: DiscordInstallFailure) => ({
      location: failure ? `${SETUP_PAGE}?discordError=${failure}` : `${SETUP_PAGE}?discord=connected`,
    });
    try {
      await this.states.consume(input.state, userId);
    } catch (error) {
      if (!(error instanceof OAuthStateError)) throw error;
      log.warn({ userId, reason: error.reason }, 'Discord install callback refused: bad state');
      return back('state');
    }
    if (input.error || !input.code) return back('denied');
    try {
      const server = await this.discord.installedServer(input.code, this.redirectUri);
      if (!server) return back('failed');
      await this.guilds.bind(userId, server);
      log.info({ userId, guildId: server.id }, 'Discord server bound');
      return back();
    } catch (error) {
      if (error instanceof ProviderUnavailableError) return back('unavailable');
      log.warn({ userId, err: (error as Error).message }, 'Discord install callback failed');
      return back('failed');
    }
  }

  /** The connection test: the user's servers the bot is still in, by their current names. */
  async servers(userId: string): Promise<{ id: string; name: string }[]> {
    this.discord.assertConfigured();
    const bound = await this.guilds.list(userId);
    if (bound.length === 0) {
      await this.discord.checkBot();
      return [];
    }
    const servers = await Promise.all(bound.map((guild) => this.discord.server(guild.guildId)));
    return servers.filter((server) => server !== null);
  }

  async textChannels(userId: string, guildId: string) {
    this.discord.assertConfigured();
    if (!(await this.guilds.isBound(userId, guildId))) throw new DiscordServerNotFoundError();
    return this.discord.textChannels(guildId);
  }

  async sendMessage(userId: string, channelId: string, content: string) {
    this.discord.assertConfigured();
    const guildId = await this.discord.channelServerId(channelId);
    if (!guildId || !(await this.guilds.isBound(userId, guildId))) throw new DiscordChannelNotFoundError();
    return this.discord.sendMessage(channelId, content);
  }

  private get redirectUri() {
    return providerUrl(this.config.PUBLIC_URL, api.chat.discordCallback.path);
  }

  /**
   * Account lifecycle (issue 22): the servers the user added the operator's bot to. Listed, never imported (a
   * server is reached through this installation's bot); erased with the account, the bot staying in servers others use.
   */
  accountRows(userId: string): Promise<DiscordGuildEntity[]> {
    return this.guilds.ofUser(userId);
  }

  eraseAccountRows(manager: EntityManager, userId: string) {
    return this.guilds.eraseUser(manager, userId);
  }
}
