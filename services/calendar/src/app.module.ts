import { Module } from '@nestjs/common';
import { ServicePlatformModule } from '@jarvis/platform';
import { calendarEntities } from './entities';
import { calendarMigrations } from './migrations';
import { RemindersModule } from './reminders/reminders.module';

@Module({
  imports: [
    ServicePlatformModule.forService({ name: 'calendar', database: { entities: calendarEntities, migrations: calendarMigrations } }),
    RemindersModule,
  ],
})
export class AppModule {}
