import { Module } from '@nestjs/common';
import { BookingLinksModule } from '../booking-links/booking-links.module';
import { BookingsModule } from '../bookings/bookings.module';
import { CalendarConnectionModule } from '../calendar-connection/calendar-connection.module';
import { CalendarSyncModule } from '../calendar-sync/calendar-sync.module';
import { PlacesModule } from '../places/places.module';
import { RemindersModule } from '../reminders/reminders.module';
import { CalendarAccountHandler } from './account.handler';
import { CalendarAccountService } from './account.service';

/** Export, import and erasure of a user's calendar data (issue 22), through the features that own it. */
@Module({
  imports: [RemindersModule, PlacesModule, BookingLinksModule, BookingsModule, CalendarSyncModule, CalendarConnectionModule],
  controllers: [CalendarAccountHandler],
  providers: [CalendarAccountService],
})
export class CalendarAccountModule {}
