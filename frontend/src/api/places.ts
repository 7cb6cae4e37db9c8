import type { PlaceSuggestion } from '@jarvis/contracts';
import { api } from './routes';
import { callApi, type RequestOptions } from './client';

export type { PlaceSuggestion };

/** GET /api/places/suggest?q=: up to 5 United States places for what was typed (3 characters or more). */
export async function suggestPlaces(q: string, options?: RequestOptions): Promise<PlaceSuggestion[]> {
  return (await callApi(api.calendar.placeSuggestions, { q }, options)).suggestions;
}
