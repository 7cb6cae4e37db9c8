import type { ResponseOf } from '@jarvis/contracts';
import { api, type Api } from './routes';
import { callApi } from './client';

export type NamedItem = ResponseOf<Api['chat']['discordServers']>[number];

/** POST /api/discord/message {channelId, content}. */
export function sendDiscordMessage(channelId: string, content: string) {
  return callApi(api.chat.discordMessage, { channelId, content });
}

export async function getDiscordServers(): Promise<NamedItem[]> {
  const body = await callApi(api.chat.discordServers);
  return Array.isArray(body) ? body : [];
}

export async function getDiscordChannels(guildId: string): Promise<NamedItem[]> {
  const body = await callApi(api.chat.discordChannels, { guildId });
  return Array.isArray(body) ? body : [];
}
