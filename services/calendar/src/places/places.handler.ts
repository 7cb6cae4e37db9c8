import { Controller } from '@nestjs/common';
import { internalApi } from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { PlacesService } from './places.service';

/** `calendar.places.near`: notifications asks it with each position the browser sends (location triggers). */
@Controller()
export class PlacesHandler {
  constructor(private readonly places: PlacesService) {}

  @Handles(internalApi.calendar.placesNear)
  near({ userId, data }: HandlerInput<typeof internalApi.calendar.placesNear>) {
    return this.places.near(userId, data);
  }
}
