import { Module } from '@nestjs/common';
import { CallVoiceModule } from '../call-voice/call-voice.module';
import { ConversationModule } from '../conversation/conversation.module';
import { PhoneMessagesModule } from '../phone-messages/phone-messages.module';
import { ElevenLabsSpeechAdapter } from './elevenlabs-speech.adapter';
import { MediaStreamHandler } from './media-stream.handler';
import { OpenAiRealtimeAdapter } from './openai-realtime.adapter';
import { OwnerSpeech } from './owner-speech.provider';
import { RealtimeModel } from './realtime-model.provider';
import { StreamedCallStore } from './streamed-call.store';
import { StreamedCalls } from './streamed-calls.service';
import { StreamedCallsWebhooks } from './streamed-calls.webhooks';

/** Calls bridged from Twilio Media Streams to the Realtime model; inbound and outbound answer with it. */
@Module({
  imports: [ConversationModule, PhoneMessagesModule, CallVoiceModule],
  providers: [
    StreamedCalls,
    StreamedCallStore,
    MediaStreamHandler,
    StreamedCallsWebhooks,
    { provide: RealtimeModel, useClass: OpenAiRealtimeAdapter },
    { provide: OwnerSpeech, useClass: ElevenLabsSpeechAdapter },
  ],
  exports: [StreamedCalls],
})
export class StreamedCallsModule {}
