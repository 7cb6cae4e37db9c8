import { Module } from '@nestjs/common';
import { CallActivityModule } from '../call-activity/call-activity.module';
import { ContactsModule } from '../contacts/contacts.module';
import { ConversationModule } from '../conversation/conversation.module';
import { OwnerModule } from '../owner/owner.module';
import { PhoneLinesModule } from '../phone-lines/phone-lines.module';
import { PhoneMessagesModule } from '../phone-messages/phone-messages.module';
import { StreamedCallsModule } from '../streamed-calls/streamed-calls.module';
import { IncomingCallsService } from './incoming-calls.service';
import { InboundWebhooks } from './inbound.webhooks';

/** Calls to a user's phone line: voicemail, or a conversation with the assistant, kept as a phone message. */
@Module({
  imports: [PhoneLinesModule, PhoneMessagesModule, ContactsModule, ConversationModule, OwnerModule, StreamedCallsModule, CallActivityModule],
  providers: [IncomingCallsService, InboundWebhooks],
})
export class InboundModule {}
