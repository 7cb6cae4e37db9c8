import { useMutation, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@jarvis/contracts';
import { testDiscordConnection } from '../../api/discord';
import { queryKeyOf } from '../../api/query-keys';
import { api, type Api } from '../../api/routes';

export type DiscordInvite = ResponseOf<Api['chat']['discordInvite']>;

/** The install link's state is single use and lives 10 minutes: asked for again on each visit and every 5 minutes. */
const INVITE_REFRESH_MS = 5 * 60_000;

/**
 * GET /api/discord/invite: the bot-install link with a fresh single-use state (null when the application is not
 * configured); null for a visitor.
 */
export function useDiscordInvite() {
  return useQuery<DiscordInvite | null>({
    queryKey: queryKeyOf(api.chat.discordInvite),
    staleTime: 0,
    refetchInterval: INVITE_REFRESH_MS,
  });
}

/**
 * The connection test (GET /api/discord/servers: the user's servers the bot is in), run when asked and never
 * cached: idle = untested, pending = testing, success = connected (its servers, maybe none), error = failed.
 */
export function useDiscordConnectionTest() {
  return useMutation({ mutationFn: testDiscordConnection });
}
