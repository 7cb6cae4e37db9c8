import { Controller } from '@nestjs/common';
import { internalApi } from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { BookingLinksService } from './booking-links.service';

@Controller()
export class BookingLinksHandler {
  constructor(private readonly links: BookingLinksService) {}

  /** chat, when a drafted text message should carry the caller's booking link. */
  @Handles(internalApi.calendar.ensureBookingLink)
  ensure({ ctx }: HandlerInput<typeof internalApi.calendar.ensureBookingLink>) {
    return this.links.ensure(ctx);
  }
}
