import { Module } from '@nestjs/common';
import { ServicePlatformModule } from '@jarvis/platform';
import { billingEntities } from './entities';
import { billingMigrations } from './migrations';

@Module({
  imports: [ServicePlatformModule.forService({ name: 'billing', database: { entities: billingEntities, migrations: billingMigrations } })],
})
export class AppModule {}
