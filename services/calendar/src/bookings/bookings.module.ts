import { Module } from '@nestjs/common';
import { BookingLinksModule } from '../booking-links/booking-links.module';
import { CalendarConnectionModule } from '../calendar-connection/calendar-connection.module';
import { BookingsHandler } from './bookings.handler';
import { GoogleOwnerCalendar } from './google-owner-calendar';
import { BookingsRepository } from './bookings.repository';
import { BookingsService } from './bookings.service';
import { OwnerCalendar } from './owner-calendar.provider';
import { VisitorRateLimiter } from './visitor-rate-limiter';

@Module({
  imports: [BookingLinksModule, CalendarConnectionModule],
  controllers: [BookingsHandler],
  providers: [BookingsService, BookingsRepository, VisitorRateLimiter, GoogleOwnerCalendar, { provide: OwnerCalendar, useExisting: GoogleOwnerCalendar }],
  exports: [BookingsService],
})
export class BookingsModule {}
