import { Module } from '@nestjs/common';
import { CallVoiceModule } from '../call-voice/call-voice.module';
import { ConversationModel } from './conversation-model.provider';
import { ConversationStateStore } from './conversation-state.store';
import { ConversationEngine } from './conversation.engine';
import { ConversationWebhooks } from './conversation.webhooks';
import { OpenAiAdapter } from './openai.adapter';

@Module({
  imports: [CallVoiceModule],
  providers: [ConversationEngine, ConversationStateStore, ConversationWebhooks, { provide: ConversationModel, useClass: OpenAiAdapter }],
  exports: [ConversationEngine, ConversationModel],
})
export class ConversationModule {}
