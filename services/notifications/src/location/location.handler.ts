import { Controller } from '@nestjs/common';
import { api } from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { LocationService } from './location.service';

@Controller()
export class LocationHandler {
  constructor(private readonly location: LocationService) {}

  @Handles(api.notifications.getLocation)
  get({ ctx }: HandlerInput<typeof api.notifications.getLocation>) {
    return this.location.get(ctx.userId!);
  }

  @Handles(api.notifications.setLocation)
  set({ ctx, data }: HandlerInput<typeof api.notifications.setLocation>) {
    return this.location.set(ctx.userId!, api.notifications.setLocation.request.parse(data));
  }

  @Handles(api.notifications.deleteLocation)
  remove({ ctx }: HandlerInput<typeof api.notifications.deleteLocation>) {
    return this.location.remove(ctx.userId!);
  }

  @Handles(api.notifications.smartLocation)
  position({ ctx, data }: HandlerInput<typeof api.notifications.smartLocation>) {
    return this.location.position(ctx, data);
  }
}
