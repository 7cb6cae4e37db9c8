/**
 * The bot's permissions on the servers it joins (doc3 §9): Send Messages, Read Message History, Use Slash Commands
 * and Embed Links, as Discord's permission integer.
 */
export const DISCORD_BOT_PERMISSIONS = '277025392640';

/**
 * The bot with its slash commands, plus `identify`: a scope beyond those two turns Discord's bot flow into a full
 * authorization-code grant ("advanced bot authorization"), so Discord comes back to Jarvis with a code whatever the
 * application's settings, and the token exchange names the server the bot was added to.
 */
export const DISCORD_INSTALL_SCOPES = 'bot applications.commands identify';

export interface DiscordInstallLink {
  /** DISCORD_OAUTH_BASE_URL (https://discord.com). */
  oauthBaseUrl: string;
  clientId: string;
  /** PUBLIC_URL + the callback's path, as registered in the application's OAuth2 redirects. */
  redirectUri: string;
  /** Single use, bound to the user who asked for the link. */
  state: string;
}

/** Discord's OAuth2 authorize URL that adds the bot to a server the user picks and comes back to the callback. */
export function discordInstallUrl({ oauthBaseUrl, clientId, redirectUri, state }: DiscordInstallLink): string {
  const query = new URLSearchParams({
    client_id: clientId,
    scope: DISCORD_INSTALL_SCOPES,
    permissions: DISCORD_BOT_PERMISSIONS,
    response_type: 'code',
    redirect_uri: redirectUri,
    state,
  });
  return `${oauthBaseUrl.replace(/\/+$/, '')}/oauth2/authorize?${query.toString().replace(/\+/g, '%20')}`;
}
