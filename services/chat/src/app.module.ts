import { Module } from '@nestjs/common';
import { ServicePlatformModule } from '@jarvis/platform';
import { chatEntities } from './entities';
import { chatMigrations } from './migrations';

@Module({
  imports: [ServicePlatformModule.forService({ name: 'chat', database: { entities: chatEntities, migrations: chatMigrations } })],
})
export class AppModule {}
