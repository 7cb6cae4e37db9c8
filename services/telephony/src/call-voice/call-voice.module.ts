import { Module } from '@nestjs/common';
import { CallVoiceService } from './call-voice.service';
import { CallVoiceWebhooks } from './call-voice.webhooks';

@Module({ providers: [CallVoiceService, CallVoiceWebhooks], exports: [CallVoiceService] })
export class CallVoiceModule {}
