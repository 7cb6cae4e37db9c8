import { Module } from '@nestjs/common';
import { BookingLinksModule } from '../booking-links/booking-links.module';
import { BookingsHandler } from './bookings.handler';
import { BookingsRepository } from './bookings.repository';
import { BookingsService } from './bookings.service';
import { NoOwnerCalendar, OwnerCalendar } from './owner-calendar.provider';
import { VisitorRateLimiter } from './visitor-rate-limiter';

@Module({
  imports: [BookingLinksModule],
  controllers: [BookingsHandler],
  providers: [BookingsService, BookingsRepository, VisitorRateLimiter, { provide: OwnerCalendar, useClass: NoOwnerCalendar }],
})
export class BookingsModule {}
