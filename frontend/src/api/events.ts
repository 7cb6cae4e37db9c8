import type { RequestInputOf, ResponseOf } from '@jarvis/contracts';
import { api, type Api } from './routes';
import { callApi } from './client';

export type EventResult = ResponseOf<Api['chat']['searchEvents']>[number];
export type EventSearch = RequestInputOf<Api['chat']['searchEvents']>;
export type NearbyEventSearch = RequestInputOf<Api['chat']['eventsNear']>;

/** GET /api/events/search: blank fields are left out of the query. */
export async function searchEvents(params: EventSearch): Promise<EventResult[]> {
  const body = await callApi(api.chat.searchEvents, params);
  return Array.isArray(body) ? body : [];
}

/** POST /api/events/nearby {location, keyword?, radius}. */
export async function findEventsNear(params: NearbyEventSearch): Promise<EventResult[]> {
  const body = await callApi(api.chat.eventsNear, params);
  return Array.isArray(body) ? body : [];
}
