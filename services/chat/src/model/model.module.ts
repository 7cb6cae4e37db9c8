import { Module } from '@nestjs/common';
import { ChatModel } from './chat-model.provider';
import { OpenAiAdapter } from './openai.adapter';

@Module({
  providers: [{ provide: ChatModel, useClass: OpenAiAdapter }],
  exports: [ChatModel],
})
export class ModelModule {}
