import type { CalendarSyncSettings, RequestInputOf, ResponseOf } from '@jarvis/contracts';
import type { Api } from './routes';

export type CalendarConnection = ResponseOf<Api['calendar']['connectionStatus']>;
export type CalendarSyncStatus = ResponseOf<Api['calendar']['syncStatus']>;
export type CalendarSyncSettingsInput = RequestInputOf<Api['calendar']['syncSettings']>;
export type SyncedEvent = CalendarSyncStatus['recentSyncs'][number];
export type { CalendarSyncSettings };
