import { Module } from '@nestjs/common';
import { ServicePlatformModule } from '@jarvis/platform';
import { notificationsEntities } from './entities';
import { notificationsMigrations } from './migrations';
import { SupportModule } from './support/support.module';

@Module({
  imports: [
    ServicePlatformModule.forService({
      name: 'notifications',
      database: { entities: notificationsEntities, migrations: notificationsMigrations },
    }),
    SupportModule,
  ],
})
export class AppModule {}
