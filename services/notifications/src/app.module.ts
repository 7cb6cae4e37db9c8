import { Module } from '@nestjs/common';
import { ServicePlatformModule } from '@jarvis/platform';
import { notificationsEntities } from './entities';
import { notificationsMigrations } from './migrations';

@Module({
  imports: [ServicePlatformModule.forService({ name: 'notifications', database: { entities: notificationsEntities, migrations: notificationsMigrations } })],
})
export class AppModule {}
