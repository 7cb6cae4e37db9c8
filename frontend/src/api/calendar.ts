import type { CalendarSyncSettings, RequestInputOf, ResponseOf } from '@jarvis/contracts';
import { api, type Api } from './routes';
import { callApi } from './client';

export type CalendarConnection = ResponseOf<Api['calendar']['connectionStatus']>;
export type CalendarSyncStatus = ResponseOf<Api['calendar']['syncStatus']>;
export type CalendarSyncResult = ResponseOf<Api['calendar']['sync']>;
export type CalendarSyncSettingsInput = RequestInputOf<Api['calendar']['syncSettings']>;
export type SyncedEvent = CalendarSyncStatus['recentSyncs'][number];
export type { CalendarSyncSettings };

/** Where the connect popup goes: the gateway redirects it to Google's consent screen. */
export const CALENDAR_CONNECT_PATH = api.calendar.connect.path;

/** POST /api/calendar/disconnect. */
export async function disconnectCalendar(): Promise<void> {
  await callApi(api.calendar.disconnect);
}

/** POST /api/calendar/sync-settings with only the fields that changed. */
export function saveCalendarSyncSettings(input: CalendarSyncSettingsInput): Promise<CalendarSyncSettings> {
  return callApi(api.calendar.syncSettings, input);
}

/** POST /api/calendar/sync: reads the next 7 days now. */
export function syncCalendar(): Promise<CalendarSyncResult> {
  return callApi(api.calendar.sync);
}

/** DELETE /api/calendar/synced-event/:id. */
export async function deleteSyncedEvent(id: string): Promise<void> {
  await callApi(api.calendar.deleteSyncedEvent, { id });
}
