import { Controller } from '@nestjs/common';
import { api, internalApi } from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { PlaceSuggestionsService } from './place-suggestions.service';
import { PlacesService } from './places.service';

/**
 * `calendar.places.near`: notifications asks it with each position the browser sends (location triggers).
 * `GET /api/places/suggest`: what a place field offers as the user types.
 */
@Controller()
export class PlacesHandler {
  constructor(
    private readonly places: PlacesService,
    private readonly suggestions: PlaceSuggestionsService,
  ) {}

  @Handles(api.calendar.placeSuggestions)
  suggest({ data }: HandlerInput<typeof api.calendar.placeSuggestions>) {
    return this.suggestions.suggest(data.q);
  }

  @Handles(internalApi.calendar.placesNear)
  near({ userId, data }: HandlerInput<typeof internalApi.calendar.placesNear>) {
    return this.places.near(userId, data);
  }
}
