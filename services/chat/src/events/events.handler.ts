import { Controller } from '@nestjs/common';
import { api } from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { EventsProvider } from './events.provider';

@Controller()
export class EventsHandler {
  constructor(private readonly events: EventsProvider) {}

  @Handles(api.chat.searchEvents)
  search({ data }: HandlerInput<typeof api.chat.searchEvents>) {
    return this.events.search(data);
  }

  @Handles(api.chat.eventsNear)
  near({ data }: HandlerInput<typeof api.chat.eventsNear>) {
    return this.events.near(data);
  }
}
