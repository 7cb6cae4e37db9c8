/**
 * The bot's permissions on the servers it joins (doc3 §9): Send Messages, Read Message History, Use Slash Commands
 * and Embed Links, as Discord's permission integer.
 */
export const DISCORD_BOT_PERMISSIONS = '277025392640';

/** The OAuth2 link that adds the bot (with its slash commands) to a server; null without the application's id. */
export function discordInviteUrl(clientId: string | undefined): string | null {
  if (!clientId) return null;
  const query = `client_id=${encodeURIComponent(clientId)}&permissions=${DISCORD_BOT_PERMISSIONS}&scope=bot%20applications.commands`;
  return `https://discord.com/oauth2/authorize?${query}`;
}
