import { api, type ErrorKind } from '@jarvis/contracts';
import type { TestUser } from '@jarvis/testing';
import {
  CHANNEL_ID,
  type DiscordFake,
  FAKE_DISCORD_CLIENT_ID,
  FAKE_DISCORD_CLIENT_SECRET,
  GUILD_ID,
  OTHER_CHANNEL_ID,
  OTHER_GUILD_ID,
  startDiscordFake,
} from '@jarvis/testing/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatHarness, startChat } from '../testing/chat-harness';

const PUBLIC_URL = 'https://jarvis.example.com';
const CALLBACK = `${PUBLIC_URL}/api/discord/callback`;
const CONNECTED = '/discord-setup?discord=connected';
const BAD_STATE = '/discord-setup?discordError=state';

/** The operator's bot is shared: a user reaches only the servers that user added it to through Jarvis. */
describe('Discord servers bound to the user who added the bot', () => {
  let discord: DiscordFake;
  let h: ChatHarness;

  beforeAll(async () => {
    discord = await startDiscordFake('bot-token');
    h = await startChat('chat-discord', {
      DISCORD_BOT_TOKEN: 'bot-token',
      DISCORD_CLIENT_ID: FAKE_DISCORD_CLIENT_ID,
      DISCORD_CLIENT_SECRET: FAKE_DISCORD_CLIENT_SECRET,
      DISCORD_BASE_URL: discord.url,
      DISCORD_OAUTH_BASE_URL: discord.url,
      PUBLIC_URL,
    });
  });
  afterAll(async () => {
    await h?.close();
    await discord?.close();
  });

  const inviteUrl = async (user: TestUser) => (await h.call(api.chat.discordInvite, {}, user)).inviteUrl!;
  /** Discord's consent for the user's install link: the bot goes to `guildId`, the browser comes back with a code. */
  async function consent(user: TestUser, guildId = GUILD_ID) {
    discord.chooseGuild(guildId);
    return discord.authorize(await inviteUrl(user));
  }
  const callback = (user: TestUser, query: { code?: string; state?: string; error?: string }) => h.call(api.chat.discordCallback, query, user);
  async function install(user: TestUser, guildId = GUILD_ID) {
    const back = await consent(user, guildId);
    return callback(user, { code: back.code, state: back.state });
  }
  const servers = (user: TestUser) => h.call(api.chat.discordServers, {}, user);
  const exchanges = () => discord.requests.filter((r) => r.path === '/api/oauth2/token').length;
  const posts = () => discord.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/messages')).length;
  const failure = async (call: Promise<unknown>) => {
    const error = (await call.then(
      () => undefined,
      (e: unknown) => e,
    )) as { kind: ErrorKind; message: string } | undefined;
    return error && { kind: error.kind, message: error.message };
  };

  it('gives a bot-install link with a single-use state and the callback under PUBLIC_URL', async () => {
    const url = new URL(await inviteUrl(h.newUser()));
    expect(`${url.origin}${url.pathname}`).toBe(`${discord.url}/oauth2/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: FAKE_DISCORD_CLIENT_ID,
      scope: 'bot applications.commands identify',
      permissions: '277025392640',
      response_type: 'code',
      redirect_uri: CALLBACK,
      state: expect.stringMatching(/^[\w-]{32}$/),
    });
  });

  it('binds the server Discord names in the token exchange, then lists it, its channels and posts to it', async () => {
    const alice = h.newUser();
    expect(await install(alice)).toEqual({ location: CONNECTED });
    const exchange = discord.requests.filter((r) => r.path === '/api/oauth2/token').at(-1)!;
    expect(exchange.headers.authorization).toBe(`Basic ${Buffer.from(`${FAKE_DISCORD_CLIENT_ID}:${FAKE_DISCORD_CLIENT_SECRET}`).toString('base64')}`);
    expect(Object.fromEntries(new URLSearchParams(exchange.body as string))).toMatchObject({ grant_type: 'authorization_code', redirect_uri: CALLBACK });

    expect(await servers(alice)).toEqual([{ id: GUILD_ID, name: 'Friends' }]);
    expect(discord.last().headers.authorization).toBe('Bot bot-token');
    expect(await h.call(api.chat.discordChannels, { guildId: GUILD_ID }, alice)).toEqual([
      { id: CHANNEL_ID, name: 'general' },
      { id: '2', name: 'random' },
    ]);
    expect(await h.call(api.chat.discordMessage, { channelId: CHANNEL_ID, content: 'Hello team' }, alice)).toEqual({ success: true, id: '999000111222333444' });
    expect(discord.last()).toMatchObject({ method: 'POST', path: `/channels/${CHANNEL_ID}/messages`, body: { content: 'Hello team' } });

    // Adding the bot to the same server again keeps one binding.
    expect(await install(alice)).toEqual({ location: CONNECTED });
    expect(await servers(alice)).toEqual([{ id: GUILD_ID, name: 'Friends' }]);
  });

  it("answers 404 to another user for that server, its channels and its messages, exactly as for a server the bot is not in", async () => {
    const alice = h.newUser();
    const bob = h.newUser();
    await install(alice, GUILD_ID);

    expect(await servers(bob)).toEqual([]);
    expect(discord.last().path).toBe('/users/@me'); // the connection test still checks the bot
    const foreign = await failure(h.call(api.chat.discordChannels, { guildId: GUILD_ID }, bob));
    const unknown = await failure(h.call(api.chat.discordChannels, { guildId: '55555555555555555' }, bob));
    expect(foreign).toEqual({ kind: 'NOT_FOUND', message: 'Discord server not found' });
    expect(unknown).toEqual(foreign);

    const sent = posts();
    const foreignChannel = await failure(h.call(api.chat.discordMessage, { channelId: CHANNEL_ID, content: 'spam' }, bob));
    const unknownChannel = await failure(h.call(api.chat.discordMessage, { channelId: '55555555555555555', content: 'spam' }, bob));
    expect(foreignChannel).toEqual({ kind: 'NOT_FOUND', message: 'Discord channel not found' });
    expect(unknownChannel).toEqual(foreignChannel);
    expect(posts()).toBe(sent);

    // Bob's own server is his alone, and Alice's stays hers.
    expect(await install(bob, OTHER_GUILD_ID)).toEqual({ location: CONNECTED });
    expect(await servers(bob)).toEqual([{ id: OTHER_GUILD_ID, name: 'Work' }]);
    expect(await servers(alice)).toEqual([{ id: GUILD_ID, name: 'Friends' }]);
    expect(await h.call(api.chat.discordMessage, { channelId: OTHER_CHANNEL_ID, content: 'standup at 10' }, bob)).toMatchObject({ success: true });
    expect(await failure(h.call(api.chat.discordMessage, { channelId: OTHER_CHANNEL_ID, content: 'hi' }, alice))).toEqual(foreignChannel);
    expect(await failure(h.call(api.chat.discordChannels, { guildId: OTHER_GUILD_ID }, alice))).toEqual(foreign);
  });

  it('refuses a forged, a reused, a missing or another user’s state without asking Discord, and binds nothing', async () => {
    const carol = h.newUser();
    const dave = h.newUser();
    const back = await consent(carol);
    const before = exchanges();
    expect(await callback(carol, { code: back.code, state: 'forged-state-value' })).toEqual({ location: BAD_STATE });
    expect(await callback(carol, { code: back.code })).toEqual({ location: BAD_STATE });
    // Carol's state, completed in Dave's browser (a link sent to him): refused, and it is spent.
    expect(await callback(dave, { code: back.code, state: back.state })).toEqual({ location: BAD_STATE });
    expect(await callback(carol, { code: back.code, state: back.state })).toEqual({ location: BAD_STATE });
    expect(exchanges()).toBe(before);
    expect(await servers(carol)).toEqual([]);
    expect(await servers(dave)).toEqual([]);

    // A state works once: used again with a fresh code, it is refused.
    const first = await consent(carol);
    expect(await callback(carol, { code: first.code, state: first.state })).toEqual({ location: CONNECTED });
    const again = await consent(carol, OTHER_GUILD_ID);
    expect(await callback(carol, { code: again.code, state: first.state })).toEqual({ location: BAD_STATE });
    expect(await servers(carol)).toEqual([{ id: GUILD_ID, name: 'Friends' }]);
  });

  it('trusts the server from the token exchange, never the guild_id the browser brings back', async () => {
    const erin = h.newUser();
    const back = await consent(erin, GUILD_ID);
    expect(back.guildId).toBe(GUILD_ID);
    const forged = { code: back.code, state: back.state, guild_id: OTHER_GUILD_ID };
    expect(await callback(erin, forged)).toEqual({ location: CONNECTED });
    expect(await servers(erin)).toEqual([{ id: GUILD_ID, name: 'Friends' }]);
  });

  it('binds nothing when the user cancels at Discord or Discord refuses the code', async () => {
    const frank = h.newUser();
    discord.denyNextConsent();
    const denied = await discord.authorize(await inviteUrl(frank));
    expect(denied.error).toBe('access_denied');
    expect(await callback(frank, { error: denied.error, state: denied.state })).toEqual({ location: '/discord-setup?discordError=denied' });

    const back = await consent(frank);
    expect(await callback(frank, { code: 'not-a-code-discord-made', state: back.state })).toEqual({ location: '/discord-setup?discordError=failed' });
    expect(await servers(frank)).toEqual([]);
  });

  it('refuses the callback to a visitor', async () => {
    expect((await h.fail(api.chat.discordCallback, { code: 'x', state: 'y' }, null)).kind).toBe('UNAUTHENTICATED');
  });
});
