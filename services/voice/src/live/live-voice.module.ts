import { Module } from '@nestjs/common';
import { LiveVoiceHandler } from './live-voice.handler';
import { LiveVoiceService } from './live-voice.service';
import { OpenAiRealtimeAdapter } from './openai-realtime.adapter';
import { RealtimeVoice } from './realtime-voice.provider';

/** The browser's live voice: /api/voice/live bridged to the Realtime model. */
@Module({
  controllers: [LiveVoiceHandler],
  providers: [LiveVoiceService, { provide: RealtimeVoice, useClass: OpenAiRealtimeAdapter }],
})
export class LiveVoiceModule {}
