import { Module } from '@nestjs/common';
import { GoogleConnectionKit, RedisConnection } from '@jarvis/platform';
import { CALENDAR_CONFIG } from '../config/calendar.config';
import { CalendarConnectionHandler } from './calendar-connection.handler';
import { CalendarConnectionRepository } from './calendar-connection.repository';
import { calendarGoogleKit, CalendarConnectionService } from './calendar-connection.service';
import { GoogleCalendarAdapter } from './google-calendar.adapter';

@Module({
  controllers: [CalendarConnectionHandler],
  providers: [
    CalendarConnectionService,
    CalendarConnectionRepository,
    GoogleCalendarAdapter,
    { provide: GoogleConnectionKit, inject: [CALENDAR_CONFIG, RedisConnection], useFactory: calendarGoogleKit },
  ],
  exports: [CalendarConnectionService, GoogleCalendarAdapter],
})
export class CalendarConnectionModule {}
