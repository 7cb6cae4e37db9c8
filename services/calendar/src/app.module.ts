import { Module } from '@nestjs/common';
import { ServicePlatformModule } from '@jarvis/platform';
import { CalendarAccountModule } from './account/account.module';
import { BookingLinksModule } from './booking-links/booking-links.module';
import { BookingsModule } from './bookings/bookings.module';
import { CalendarConnectionModule } from './calendar-connection/calendar-connection.module';
import { CalendarSyncModule } from './calendar-sync/calendar-sync.module';
import { calendarConfig } from './config/calendar.config';
import { calendarEntities } from './entities';
import { calendarMigrations } from './migrations';
import { PlacesModule } from './places/places.module';
import { RemindersModule } from './reminders/reminders.module';

@Module({
  imports: [
    ServicePlatformModule.forService({ name: 'calendar', config: calendarConfig, database: { entities: calendarEntities, migrations: calendarMigrations } }),
    RemindersModule,
    PlacesModule,
    BookingLinksModule,
    BookingsModule,
    CalendarConnectionModule,
    CalendarSyncModule,
    CalendarAccountModule,
  ],
})
export class AppModule {}
