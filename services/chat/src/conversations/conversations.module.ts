import { Module } from '@nestjs/common';
import { MessagesModule } from '../messages/messages.module';
import { ConversationsHandler } from './conversations.handler';
import { ConversationsRepository } from './conversations.repository';
import { ConversationsService } from './conversations.service';

@Module({
  imports: [MessagesModule],
  controllers: [ConversationsHandler],
  providers: [ConversationsService, ConversationsRepository],
  exports: [ConversationsService],
})
export class ConversationsModule {}
