export interface EventSummary {
  id: string;
  name: string;
  dates: { start: { localDate: string; localTime?: string } };
  venue?: { name: string; city?: string };
  url?: string;
}

export interface EventSearch {
  keyword?: string;
  location?: string;
  genre?: string;
  size?: number;
}

export interface NearbySearch {
  location: string;
  keyword?: string;
  /** Miles. */
  radius: number;
}

/** Event search; TicketmasterAdapter (Discovery API v2) is the implementation. */
export abstract class EventsProvider {
  abstract search(query: EventSearch): Promise<EventSummary[]>;
  abstract near(query: NearbySearch): Promise<EventSummary[]>;
}
