import { describe, expect, it } from 'vitest';
import { DISCORD_BOT_PERMISSIONS, discordInstallUrl } from './discord-invite';

describe('discordInstallUrl', () => {
  const link = {
    oauthBaseUrl: 'https://discord.com/',
    clientId: '123456789012345678',
    redirectUri: 'https://jarvis.example.com/api/discord/callback',
    state: 'st4te-value',
  };

  it('asks Discord to add the bot with doc3 permission integer and come back to Jarvis with a code', () => {
    const url = new URL(discordInstallUrl(link));
    expect(`${url.origin}${url.pathname}`).toBe('https://discord.com/oauth2/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: '123456789012345678',
      scope: 'bot applications.commands identify',
      permissions: '277025392640',
      response_type: 'code',
      redirect_uri: 'https://jarvis.example.com/api/discord/callback',
      state: 'st4te-value',
    });
    expect(DISCORD_BOT_PERMISSIONS).toBe('277025392640');
  });

  it('encodes spaces as %20, as Discord documents its links', () => {
    expect(discordInstallUrl(link)).toContain('scope=bot%20applications.commands%20identify');
  });
});
