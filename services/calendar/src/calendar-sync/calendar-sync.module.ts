import { Module } from '@nestjs/common';
import { CalendarConnectionModule } from '../calendar-connection/calendar-connection.module';
import { RemindersModule } from '../reminders/reminders.module';
import { CalendarSyncHandler } from './calendar-sync.handler';
import { CalendarSyncRepository } from './calendar-sync.repository';
import { CalendarSyncScheduler } from './calendar-sync.scheduler';
import { CalendarSyncService } from './calendar-sync.service';

@Module({
  imports: [CalendarConnectionModule, RemindersModule],
  controllers: [CalendarSyncHandler],
  providers: [CalendarSyncService, CalendarSyncRepository, CalendarSyncScheduler],
  exports: [CalendarSyncService],
})
export class CalendarSyncModule {}
