import { useMutation, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@jarvis/contracts';
import { testDiscordConnection } from '../../api/discord';
import { queryKeys } from '../../api/query-keys';
import type { Api } from '../../api/routes';

export type DiscordInvite = ResponseOf<Api['chat']['discordInvite']>;

/** GET /api/discord/invite: the bot's invite link (null when DISCORD_CLIENT_ID is unset); null for a visitor. */
export function useDiscordInvite() {
  return useQuery<DiscordInvite | null>({ queryKey: queryKeys.discordInvite });
}

/**
 * The connection test (GET /api/discord/servers), run when asked and never cached: idle = untested, pending =
 * testing, success = connected (its servers, maybe none), error = failed.
 */
export function useDiscordConnectionTest() {
  return useMutation({ mutationFn: testDiscordConnection });
}
