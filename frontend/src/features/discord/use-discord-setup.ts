import { useMutation, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@jarvis/contracts';
import { testDiscordConnection } from '../../api/discord';
import { queryKeys } from '../../api/query-keys';
import { queryTimings } from '../../api/query-timings';
import type { Api } from '../../api/routes';

export type DiscordInvite = ResponseOf<Api['chat']['discordInvite']>;

/**
 * GET /api/discord/invite: the bot-install link with a fresh single-use state (null when the application is not
 * configured); null for a visitor.
 */
export function useDiscordInvite() {
  return useQuery<DiscordInvite | null>({ queryKey: queryKeys.discordInvite, ...queryTimings.discordInvite });
}

/**
 * The connection test (GET /api/discord/servers: the user's servers the bot is in), run when asked and never
 * cached: idle = untested, pending = testing, success = connected (its servers, maybe none), error = failed.
 */
export function useDiscordConnectionTest() {
  return useMutation({ mutationFn: testDiscordConnection });
}
