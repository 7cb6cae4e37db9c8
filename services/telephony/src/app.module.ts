import { Module } from '@nestjs/common';
import { ServicePlatformModule } from '@jarvis/platform';
import { telephonyEntities } from './entities';
import { telephonyMigrations } from './migrations';

@Module({
  imports: [ServicePlatformModule.forService({ name: 'telephony', database: { entities: telephonyEntities, migrations: telephonyMigrations } })],
})
export class AppModule {}
