import { Module } from '@nestjs/common';
import { CalendarConnectionHandler } from './calendar-connection.handler';
import { CalendarConnectionRepository } from './calendar-connection.repository';
import { CalendarConnectionService } from './calendar-connection.service';
import { GoogleCalendarAdapter } from './google-calendar.adapter';
import { GoogleOwnerCalendar } from './google-owner-calendar';

@Module({
  controllers: [CalendarConnectionHandler],
  providers: [CalendarConnectionService, CalendarConnectionRepository, GoogleCalendarAdapter, GoogleOwnerCalendar],
  exports: [CalendarConnectionService, GoogleCalendarAdapter, GoogleOwnerCalendar],
})
export class CalendarConnectionModule {}
