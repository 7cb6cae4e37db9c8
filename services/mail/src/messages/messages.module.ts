import { Module } from '@nestjs/common';
import { ConnectionModule } from '../connection/connection.module';
import { MailboxModule } from '../mailbox/mailbox.module';
import { MessagesHandler } from './messages.handler';
import { MessagesService } from './messages.service';
import { OneClickUnsubscriber } from './one-click-unsubscriber';

@Module({
  imports: [ConnectionModule, MailboxModule],
  controllers: [MessagesHandler],
  providers: [MessagesService, OneClickUnsubscriber],
})
export class MessagesModule {}
