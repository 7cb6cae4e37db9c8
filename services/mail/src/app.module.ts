import { Module } from '@nestjs/common';
import { ServicePlatformModule } from '@jarvis/platform';
import { mailEntities } from './entities';
import { mailMigrations } from './migrations';

@Module({
  imports: [ServicePlatformModule.forService({ name: 'mail', database: { entities: mailEntities, migrations: mailMigrations } })],
})
export class AppModule {}
