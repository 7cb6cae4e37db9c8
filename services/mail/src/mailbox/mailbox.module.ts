import { Module } from '@nestjs/common';
import { GmailAdapter } from './gmail.adapter';
import { MailboxProvider } from './mailbox.provider';

/** The user's mailbox behind MailboxProvider, on Gmail. */
@Module({
  providers: [{ provide: MailboxProvider, useClass: GmailAdapter }],
  exports: [MailboxProvider],
})
export class MailboxModule {}
