import { Controller } from '@nestjs/common';
import { api } from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { BookingsService } from './bookings.service';
import { VisitorRateLimiter } from './visitor-rate-limiter';

/** The public booking page: visitors, no sign-in, limited per visitor. */
@Controller()
export class BookingsHandler {
  constructor(
    private readonly bookings: BookingsService,
    private readonly limiter: VisitorRateLimiter,
  ) {}

  @Handles(api.calendar.bookingRequest)
  async page({ ctx, data }: HandlerInput<typeof api.calendar.bookingRequest>) {
    await this.limiter.consume(ctx, data.code);
    return this.bookings.page(data.code);
  }

  @Handles(api.calendar.confirmBooking)
  async confirm({ ctx, data }: HandlerInput<typeof api.calendar.confirmBooking>) {
    await this.limiter.consume(ctx, data.code);
    return this.bookings.confirm(data);
  }
}
