import { Module } from '@nestjs/common';
import { ReminderDueScheduler } from './reminder-due.scheduler';
import { loadRemindersConfig, REMINDERS_CONFIG } from './reminders.config';
import { RemindersHandler } from './reminders.handler';
import { RemindersRepository } from './reminders.repository';
import { RemindersService } from './reminders.service';

@Module({
  controllers: [RemindersHandler],
  providers: [
    { provide: REMINDERS_CONFIG, useFactory: () => loadRemindersConfig() },
    RemindersService,
    RemindersRepository,
    ReminderDueScheduler,
  ],
})
export class RemindersModule {}
