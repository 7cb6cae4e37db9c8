import { asList, callApi } from '../../api/client';
import type { EventResult } from '../../api/events';
import { api } from '../../api/routes';
import { defineActions, orFailed, str, type ActionOutcome } from '../chat-kit/action-kit';
import { EVENT_SUMMARY_COUNT, spokenList } from '../../state/inline-card';

export const NEARBY_DEFAULT_RADIUS = 50;

/** '2026-07-04' as said aloud: 'July 4'. */
function spokenDate(localDate: string): string {
  const day = new Date(`${localDate}T12:00:00Z`);
  if (Number.isNaN(day.getTime())) return localDate;
  return day.toLocaleDateString('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/**
 * What is read aloud for events found (doc1 §9: spoken event summaries list up to 3 events): how many, then the
 * first 3 with their day and venue.
 */
export function eventsSummary(events: EventResult[]): string {
  const named = events.slice(0, EVENT_SUMMARY_COUNT).map((event) => {
    const day = event.dates?.start?.localDate;
    return [event.name, day && `on ${spokenDate(day)}`, event.venue?.name && `at ${event.venue.name}`]
      .filter(Boolean)
      .join(' ');
  });
  const more = events.length - named.length;
  const count = `I found ${events.length} ${events.length === 1 ? 'event' : 'events'}`;
  return `${count}: ${spokenList(more > 0 ? [...named, `${more} more`] : named)}.`;
}

function eventsOutcome(events: EventResult[], nearby: boolean, title: string): ActionOutcome {
  if (events.length === 0) {
    return {
      ok: true,
      toast: {
        title: 'No Events Found',
        description: nearby ? 'No events found in your area' : 'No events match your search criteria',
      },
    };
  }
  return { ok: true, card: { kind: 'events', title, events }, speak: eventsSummary(events) };
}

export const actions = defineActions({
  search_events: (args) =>
    orFailed('Event Search Error', async () => {
      const keyword = str(args.keyword);
      const place = str(args.location);
      const events = asList(
        await callApi(api.chat.searchEvents, {
          keyword,
          location: place,
          genre: str(args.genre),
          size: args.size,
        }),
      );
      return eventsOutcome(
        events,
        false,
        `Events${keyword ? `: ${keyword}` : ''}${place ? ` in ${place}` : ''}`,
      );
    }),
  find_events_near: (args) =>
    orFailed('Event Search Error', async () => {
      const radius = Number(args.radius) > 0 ? Number(args.radius) : NEARBY_DEFAULT_RADIUS;
      const events = asList(
        await callApi(api.chat.eventsNear, {
          location: str(args.location),
          ...(str(args.keyword) ? { keyword: str(args.keyword) } : {}),
          radius,
        }),
      );
      return eventsOutcome(events, true, `Events near ${str(args.location)}`);
    }),
});
