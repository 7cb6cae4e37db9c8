import { Module } from '@nestjs/common';
import { QueueModule, ServicePlatformModule } from '@jarvis/platform';
import { VoiceAccountModule } from './account/account.module';
import { VOICE_CONFIG, voiceConfigSchema } from './config/voice.config';
import { CloningModule } from './cloning/cloning.module';
import { voiceEntities } from './entities';
import { LiveVoiceModule } from './live/live-voice.module';
import { voiceMigrations } from './migrations';
import { MusicModule } from './music/music.module';
import { SpeechModule } from './speech/speech.module';
import { VisionModule } from './vision/vision.module';

@Module({
  imports: [
    ServicePlatformModule.forService({
      name: 'voice',
      config: { token: VOICE_CONFIG, schema: voiceConfigSchema },
      database: { entities: voiceEntities, migrations: voiceMigrations },
    }),
    QueueModule.forService(),
    SpeechModule,
    MusicModule,
    VisionModule,
    CloningModule,
    VoiceAccountModule,
    LiveVoiceModule,
  ],
})
export class AppModule {}
