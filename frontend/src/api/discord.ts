import type { ResponseOf } from '@jarvis/contracts';
import { api, type Api } from './routes';
import { callApi } from './client';

export type NamedItem = ResponseOf<Api['chat']['discordServers']>[number];

/** The connection test's answer was not the declared list of servers. */
export const INVALID_RESPONSE_FORMAT = 'Invalid response format';

function isNamedItem(value: unknown): value is NamedItem {
  const item = value as { id?: unknown; name?: unknown } | null;
  return (
    typeof item === 'object' && item !== null && typeof item.id === 'string' && typeof item.name === 'string'
  );
}

/**
 * The /discord-setup connection test (doc3): GET /api/discord/servers, the servers the bot is in. A failed call
 * rejects with its ApiError; an answer that is not a list of servers rejects with 'Invalid response format'.
 */
export async function testDiscordConnection(): Promise<NamedItem[]> {
  const body: unknown = await callApi(api.chat.discordServers);
  if (!Array.isArray(body) || !body.every(isNamedItem)) throw new Error(INVALID_RESPONSE_FORMAT);
  return body;
}
