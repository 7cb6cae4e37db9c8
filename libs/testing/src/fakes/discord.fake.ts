import { randomBytes } from 'node:crypto';
import { type LoopbackFake, type RecordedRequest, startLoopback } from './loopback';

/** The servers the fake bot is in: 'Friends' (channels general and random) and 'Work' (channel standup). */
export const GUILD_ID = '123456789012345678';
export const CHANNEL_ID = '223456789012345678';
export const OTHER_GUILD_ID = '323456789012345678';
export const OTHER_CHANNEL_ID = '423456789012345678';

export const FAKE_DISCORD_CLIENT_ID = '987654321098765432';
export const FAKE_DISCORD_CLIENT_SECRET = 'fake-discord-client-secret';

const GUILDS: Record<string, { name: string; channels: { id: string; name: string; type: number; position: number }[] }> = {
  [GUILD_ID]: {
    name: 'Friends',
    channels: [
      { id: '3', name: 'voice-chat', type: 2, position: 0 },
      { id: '2', name: 'random', type: 0, position: 2 },
      { id: CHANNEL_ID, name: 'general', type: 0, position: 1 },
      { id: '4', name: 'Text Channels', type: 4, position: 0 },
    ],
  },
  [OTHER_GUILD_ID]: { name: 'Work', channels: [{ id: OTHER_CHANNEL_ID, name: 'standup', type: 0, position: 0 }] },
};

export interface DiscordFake extends LoopbackFake {
  /** The server the next consent adds the bot to (as if the user picked it in Discord's dropdown). */
  chooseGuild(guildId: string): void;
  /** The next consent is cancelled: Discord sends the browser back with `error=access_denied`. */
  denyNextConsent(): void;
  /** Plays Discord's consent screen for an install URL: where it sends the browser back, and what it carries. */
  authorize(installUrl: string): Promise<{ location: string; code?: string; state?: string; guildId?: string; error?: string }>;
}

/**
 * Discord for a bot application: REST v10 with `Authorization: Bot <token>` (unknown servers and channels are 404),
 * the OAuth2 consent screen (`GET /oauth2/authorize`, answered at once as if the user added the bot to the chosen
 * server) and the token exchange (`POST /api/oauth2/token`), whose answer to a bot authorization carries the `guild`
 * the bot was added to, as Discord's does. Codes are single use and tied to their redirect_uri.
 */
export async function startDiscordFake(
  token: string,
  app: { clientId: string; clientSecret: string } = { clientId: FAKE_DISCORD_CLIENT_ID, clientSecret: FAKE_DISCORD_CLIENT_SECRET },
): Promise<DiscordFake> {
  const codes = new Map<string, { guildId: string; redirectUri: string; scope: string }>();
  let chosenGuild = GUILD_ID;
  let denyNext = false;

  const consent = (req: RecordedRequest) => {
    const q = req.query;
    const redirectUri = q.get('redirect_uri');
    const scopes = (q.get('scope') ?? '').split(' ');
    if (q.get('client_id') !== app.clientId || !redirectUri || q.get('response_type') !== 'code' || !scopes.includes('bot')) {
      return { status: 400, body: { message: 'Invalid OAuth2 request', code: 50035 } };
    }
    const back = new URL(redirectUri);
    if (q.get('state') !== null) back.searchParams.set('state', q.get('state')!);
    if (denyNext) {
      denyNext = false;
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'The resource owner or authorization server denied the request');
      return { status: 302, headers: { location: back.toString() } };
    }
    const code = randomBytes(15).toString('base64url');
    codes.set(code, { guildId: chosenGuild, redirectUri, scope: scopes.join(' ') });
    back.searchParams.set('code', code);
    back.searchParams.set('guild_id', chosenGuild);
    back.searchParams.set('permissions', q.get('permissions') ?? '0');
    return { status: 302, headers: { location: back.toString() } };
  };

  const exchange = (req: RecordedRequest) => {
    const form = new URLSearchParams(typeof req.body === 'string' ? req.body : '');
    const basic = /^Basic (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1];
    const [basicId, basicSecret] = basic ? Buffer.from(basic, 'base64').toString().split(':') : [];
    if ((form.get('client_id') ?? basicId) !== app.clientId || (form.get('client_secret') ?? basicSecret) !== app.clientSecret) {
      return { status: 401, body: { error: 'invalid_client' } };
    }
    const grant = codes.get(form.get('code') ?? '');
    if (form.get('grant_type') !== 'authorization_code' || !grant || grant.redirectUri !== form.get('redirect_uri')) {
      return { status: 400, body: { error: 'invalid_grant', error_description: 'Invalid "code" in request.' } };
    }
    codes.delete(form.get('code')!);
    return {
      body: {
        token_type: 'Bearer',
        access_token: randomBytes(15).toString('base64url'),
        expires_in: 604800,
        refresh_token: randomBytes(15).toString('base64url'),
        scope: grant.scope,
        guild: { id: grant.guildId, name: GUILDS[grant.guildId].name, icon: null, owner_id: '53908232999183680', features: [] },
      },
    };
  };

  const fake = await startLoopback((req) => {
    if (req.method === 'GET' && req.path === '/oauth2/authorize') return consent(req);
    if (req.method === 'POST' && req.path === '/api/oauth2/token') return exchange(req);
    if (req.headers.authorization !== `Bot ${token}`) return { status: 401, body: { message: '401: Unauthorized', code: 0 } };
    if (req.method === 'GET' && req.path === '/users/@me') return { body: { id: app.clientId, username: 'Jarvis', bot: true } };
    const guild = /^\/guilds\/(\d+)(\/channels)?$/.exec(req.path);
    if (req.method === 'GET' && guild && GUILDS[guild[1]]) {
      return { body: guild[2] ? GUILDS[guild[1]].channels : { id: guild[1], name: GUILDS[guild[1]].name, icon: null, features: [] } };
    }
    if (guild) return { status: 404, body: { message: 'Unknown Guild', code: 10004 } };
    const channel = /^\/channels\/(\d+)(\/messages)?$/.exec(req.path);
    const guildId = channel && Object.keys(GUILDS).find((id) => GUILDS[id].channels.some((c) => c.id === channel[1]));
    if (channel && guildId) {
      if (req.method === 'GET' && !channel[2]) {
        const found = GUILDS[guildId].channels.find((c) => c.id === channel[1])!;
        return { body: { ...found, guild_id: guildId } };
      }
      if (req.method === 'POST' && channel[2]) {
        return { body: { id: '999000111222333444', channel_id: channel[1], content: req.body.content } };
      }
    }
    return { status: 404, body: { message: 'Unknown Channel', code: 10003 } };
  });

  return {
    ...fake,
    chooseGuild: (guildId) => void (chosenGuild = guildId),
    denyNextConsent: () => void (denyNext = true),
    async authorize(installUrl) {
      const target = new URL(installUrl);
      const res = await fetch(`${fake.url}${target.pathname}${target.search}`, { redirect: 'manual' });
      const location = res.headers.get('location');
      if (res.status !== 302 || !location) throw new Error(`The fake consent screen answered ${res.status}: ${await res.text()}`);
      const back = new URL(location);
      const get = (name: string) => back.searchParams.get(name) ?? undefined;
      return { location, code: get('code'), state: get('state'), guildId: get('guild_id'), error: get('error') };
    },
  };
}
