import { api, buildPath, type PhoneMessage, type ResponseOf } from '@jarvis/contracts';
import { apiJson } from './client';

/**
 * The calls behind the chat's action buttons (doc1 §7). Each resolves with the server's body; a failure is an
 * ApiError whose `serverMessage` is the server's `error` text.
 */
type Chat = typeof api.chat;
export type WeatherResult = ResponseOf<Chat['weather']>;
export type ForecastResult = ResponseOf<Chat['forecast']>;
export type EventResult = ResponseOf<Chat['searchEvents']>[number];
export type NamedItem = { id: string; name: string };
export type WebSearchResult = ResponseOf<Chat['webSearch']>;
export type EmailManageResult = ResponseOf<typeof api.mail.unsubscribe>;

export function getWeather(location: string): Promise<WeatherResult> {
  return apiJson('GET', buildPath(api.chat.weather.path, { location }));
}

export function getForecast(location: string, days: number): Promise<ForecastResult> {
  return apiJson('GET', `${buildPath(api.chat.forecast.path, { location })}?days=${days}`);
}

function query(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && String(value).trim() !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export async function searchEvents(params: {
  keyword?: unknown;
  location?: unknown;
  genre?: unknown;
  size?: unknown;
}): Promise<EventResult[]> {
  const body = await apiJson<unknown>('GET', `${api.chat.searchEvents.path}${query(params)}`);
  return Array.isArray(body) ? (body as EventResult[]) : [];
}

export async function findEventsNear(body: { location: unknown; keyword?: unknown; radius: number }) {
  const events = await apiJson<unknown>('POST', api.chat.eventsNear.path, body);
  return Array.isArray(events) ? (events as EventResult[]) : [];
}

export function sendDiscordMessage(channelId: unknown, content: unknown) {
  return apiJson<{ success: true; id: string }>('POST', api.chat.discordMessage.path, { channelId, content });
}

export async function getDiscordServers(): Promise<NamedItem[]> {
  const body = await apiJson<unknown>('GET', api.chat.discordServers.path);
  return Array.isArray(body) ? (body as NamedItem[]) : [];
}

export async function getDiscordChannels(guildId: string): Promise<NamedItem[]> {
  const body = await apiJson<unknown>('GET', buildPath(api.chat.discordChannels.path, { guildId }));
  return Array.isArray(body) ? (body as NamedItem[]) : [];
}

export function searchWeb(queryText: unknown, searchRecency: unknown): Promise<WebSearchResult> {
  return apiJson('POST', api.chat.webSearch.path, { query: queryText, searchRecency });
}

export function draftMessage(args: Record<string, unknown>): Promise<{ message: string }> {
  return apiJson('POST', api.chat.draftMessage.path, args);
}

export async function getPhoneMessages(): Promise<PhoneMessage[]> {
  const body = await apiJson<unknown>('GET', api.telephony.phoneMessages.path);
  return Array.isArray(body) ? (body as PhoneMessage[]) : [];
}

export type EmailOperation = 'unsubscribe' | 'trash' | 'delete' | 'spam';

/** POST /api/email/{messageId}/{operation}. */
export function manageEmail(messageId: string, operation: EmailOperation): Promise<EmailManageResult> {
  return apiJson('POST', `${buildPath('/api/email/:messageId', { messageId })}/${operation}`);
}

export type SmsDraftState = ResponseOf<typeof api.telephony.smsDraft>;

/** GET /api/sms/draft: who the drafted text would go to. */
export function getSmsDraft(): Promise<SmsDraftState> {
  return apiJson('GET', api.telephony.smsDraft.path);
}

/** POST /api/sms/send {message}. */
export function sendSms(message: string): Promise<{ success?: boolean; error?: string }> {
  return apiJson('POST', api.telephony.smsSend.path, { message });
}
