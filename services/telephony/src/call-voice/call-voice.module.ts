import { Module } from '@nestjs/common';
import { CallVoiceService } from './call-voice.service';

@Module({ providers: [CallVoiceService], exports: [CallVoiceService] })
export class CallVoiceModule {}
