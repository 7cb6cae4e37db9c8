import { Inject, Injectable } from '@nestjs/common';
import { RateLimitedError } from '@jarvis/contracts';
import { providerFetch, type ProviderInfo, providerUrl, requireCredential, unexpectedStatus } from '@jarvis/platform';
import { CHAT_CONFIG, type ChatConfig } from '../config/chat.config';
import { type EventSearch, type EventSummary, EventsProvider, type NearbySearch } from './events.provider';

/** The parts of a Discovery API event we read. */
interface TmEvent {
  id: string;
  name: string;
  url?: string;
  dates?: { start?: { localDate?: string; localTime?: string } };
  _embedded?: { venues?: { name?: string; city?: { name?: string } }[] };
}

const PROVIDER: ProviderInfo = { name: 'Ticketmaster', variables: ['TICKETMASTER_API_KEY'] };
const DEFAULT_SIZE = 10;
const LAT_LON = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;

/** Ticketmaster Discovery API v2, `/discovery/v2/events.json`, upcoming events sorted by date. */
@Injectable()
export class TicketmasterAdapter extends EventsProvider {
  constructor(@Inject(CHAT_CONFIG) private readonly config: ChatConfig) {
    super();
  }

  search(query: EventSearch): Promise<EventSummary[]> {
    const params: Record<string, string> = { size: String(query.size ?? DEFAULT_SIZE) };
    if (query.keyword) params.keyword = query.keyword;
    if (query.location) params.city = query.location;
    if (query.genre) params.classificationName = query.genre;
    return this.events(params);
  }

  near(query: NearbySearch): Promise<EventSummary[]> {
    const params: Record<string, string> = { radius: String(query.radius), unit: 'miles', size: String(DEFAULT_SIZE) };
    const point = LAT_LON.exec(query.location);
    if (point) params.latlong = `${point[1]},${point[2]}`;
    else params.city = query.location;
    if (query.keyword) params.keyword = query.keyword;
    return this.events(params);
  }

  private async events(params: Record<string, string>): Promise<EventSummary[]> {
    const key = requireCredential(PROVIDER, this.config.TICKETMASTER_API_KEY);
    const url = new URL(providerUrl(this.config.TICKETMASTER_BASE_URL, '/discovery/v2/events.json'));
    url.search = new URLSearchParams({ ...params, sort: 'date,asc', apikey: key }).toString();
    const result = await providerFetch<{ _embedded?: { events?: TmEvent[] } }>(PROVIDER, url.toString());
    if (result.status === 429) throw new RateLimitedError('The events service is busy. Please try again in a minute.', 60);
    if (result.status !== 200) throw unexpectedStatus(PROVIDER, result);
    const events = result.body?._embedded?.events ?? [];
    return events.map((e) => {
      const venue = e._embedded?.venues?.[0];
      return {
        id: e.id,
        name: e.name,
        dates: { start: { localDate: e.dates?.start?.localDate ?? '', ...(e.dates?.start?.localTime ? { localTime: e.dates.start.localTime } : {}) } },
        ...(venue?.name ? { venue: { name: venue.name, ...(venue.city?.name ? { city: venue.city.name } : {}) } } : {}),
        ...(e.url ? { url: e.url } : {}),
      };
    });
  }
}
