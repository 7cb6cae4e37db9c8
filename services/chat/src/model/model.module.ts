import { Module } from '@nestjs/common';
import { ChatModel } from './chat-model';
import { OpenAiChatModel } from './openai.chat-model';

@Module({
  providers: [{ provide: ChatModel, useClass: OpenAiChatModel }],
  exports: [ChatModel],
})
export class ModelModule {}
