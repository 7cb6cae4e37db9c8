import { Module } from '@nestjs/common';
import { ServicePlatformModule } from '@jarvis/platform';
import { calendarEntities } from './entities';
import { calendarMigrations } from './migrations';

@Module({
  imports: [ServicePlatformModule.forService({ name: 'calendar', database: { entities: calendarEntities, migrations: calendarMigrations } })],
})
export class AppModule {}
