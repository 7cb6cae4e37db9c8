import { Global, Module } from '@nestjs/common';
import { ChatConfig } from './chat.config';

@Global()
@Module({
  providers: [{ provide: ChatConfig, useFactory: () => ChatConfig.load() }],
  exports: [ChatConfig],
})
export class ChatConfigModule {}
