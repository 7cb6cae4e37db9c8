import { describe, expect, it } from 'vitest';
import { DISCORD_BOT_PERMISSIONS, discordInviteUrl } from './discord-invite';

describe('discordInviteUrl', () => {
  it('adds the bot and its slash commands with doc3 permission integer', () => {
    const url = new URL(discordInviteUrl('123456789012345678')!);
    expect(`${url.origin}${url.pathname}`).toBe('https://discord.com/oauth2/authorize');
    expect(url.searchParams.get('client_id')).toBe('123456789012345678');
    expect(url.searchParams.get('permissions')).toBe('277025392640');
    expect(DISCORD_BOT_PERMISSIONS).toBe('277025392640');
    expect(url.searchParams.get('scope')).toBe('bot applications.commands');
  });

  it('is null without a client id', () => {
    expect(discordInviteUrl(undefined)).toBeNull();
  });
});
