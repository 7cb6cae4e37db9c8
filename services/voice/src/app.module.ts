import { Module } from '@nestjs/common';
import { ServicePlatformModule } from '@jarvis/platform';
import { voiceEntities } from './entities';
import { voiceMigrations } from './migrations';

@Module({
  imports: [ServicePlatformModule.forService({ name: 'voice', database: { entities: voiceEntities, migrations: voiceMigrations } })],
})
export class AppModule {}
