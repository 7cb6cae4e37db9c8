import { Module } from '@nestjs/common';
import { GoogleConnectionKit } from '@jarvis/platform';
import { CALENDAR_CONFIG } from '../config/calendar.config';
import { CalendarRedis } from '../redis/calendar-redis';
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
    { provide: GoogleConnectionKit, inject: [CALENDAR_CONFIG, CalendarRedis], useFactory: calendarGoogleKit },
  ],
  exports: [CalendarConnectionService, GoogleCalendarAdapter],
})
export class CalendarConnectionModule {}
