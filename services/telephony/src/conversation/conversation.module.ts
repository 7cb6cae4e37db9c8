import { Module } from '@nestjs/common';
import { ConversationModel } from './conversation-model.provider';
import { ConversationStateStore } from './conversation-state.store';
import { ConversationEngine } from './conversation.engine';
import { OpenAiAdapter } from './openai.adapter';

@Module({
  providers: [ConversationEngine, ConversationStateStore, { provide: ConversationModel, useClass: OpenAiAdapter }],
  exports: [ConversationEngine, ConversationModel],
})
export class ConversationModule {}
