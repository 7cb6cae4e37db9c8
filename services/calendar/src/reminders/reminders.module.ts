import { Module } from '@nestjs/common';
import { ReminderDueScheduler } from './reminder-due.scheduler';
import { RemindersHandler } from './reminders.handler';
import { RemindersRepository } from './reminders.repository';
import { RemindersService } from './reminders.service';

@Module({
  controllers: [RemindersHandler],
  providers: [RemindersService, RemindersRepository, ReminderDueScheduler],
  exports: [RemindersService],
})
export class RemindersModule {}
