import { Global, Module } from '@nestjs/common';
import { CHAT_CONFIG, loadChatConfig } from './chat.config';

@Global()
@Module({
  providers: [{ provide: CHAT_CONFIG, useFactory: () => loadChatConfig() }],
  exports: [CHAT_CONFIG],
})
export class ChatConfigModule {}
