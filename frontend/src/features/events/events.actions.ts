import { findEventsNear, searchEvents, type EventResult } from '../../api/events';
import { defineActions, orFailed, str, type ActionOutcome } from '../chat/actions/action-kit';

export const NEARBY_DEFAULT_RADIUS = 50;

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
  return { ok: true, card: { kind: 'events', title, events } };
}

export const actions = defineActions({
  search_events: (args) =>
    orFailed('Event Search Error', async () => {
      const keyword = str(args.keyword);
      const place = str(args.location);
      const events = await searchEvents({
        keyword,
        location: place,
        genre: str(args.genre),
        size: args.size,
      });
      return eventsOutcome(
        events,
        false,
        `Events${keyword ? `: ${keyword}` : ''}${place ? ` in ${place}` : ''}`,
      );
    }),
  find_events_near: (args) =>
    orFailed('Event Search Error', async () => {
      const radius = Number(args.radius) > 0 ? Number(args.radius) : NEARBY_DEFAULT_RADIUS;
      const events = await findEventsNear({
        location: str(args.location),
        ...(str(args.keyword) ? { keyword: str(args.keyword) } : {}),
        radius,
      });
      return eventsOutcome(events, true, `Events near ${str(args.location)}`);
    }),
});
