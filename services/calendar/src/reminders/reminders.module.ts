import { Module } from '@nestjs/common';
import { PlacesModule } from '../places/places.module';
import { ReminderDueScheduler } from './reminder-due.scheduler';
import { RemindersHandler } from './reminders.handler';
import { RemindersRepository } from './reminders.repository';
import { RemindersService } from './reminders.service';

@Module({
  imports: [PlacesModule],
  controllers: [RemindersHandler],
  providers: [RemindersService, RemindersRepository, ReminderDueScheduler],
  exports: [RemindersRepository],
})
export class RemindersModule {}
