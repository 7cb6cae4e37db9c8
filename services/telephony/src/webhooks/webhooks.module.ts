import { Module } from '@nestjs/common';
import { CallVoiceModule } from '../call-voice/call-voice.module';
import { ContactsModule } from '../contacts/contacts.module';
import { ConversationModule } from '../conversation/conversation.module';
import { OutboundModule } from '../outbound/outbound.module';
import { OwnerModule } from '../owner/owner.module';
import { PhoneLinesModule } from '../phone-lines/phone-lines.module';
import { PhoneMessagesModule } from '../phone-messages/phone-messages.module';
import { IncomingCallsService } from './incoming-calls.service';
import { TwilioWebhooksHandler } from './twilio-webhooks.handler';

@Module({
  imports: [CallVoiceModule, PhoneLinesModule, PhoneMessagesModule, ContactsModule, ConversationModule, OwnerModule, OutboundModule],
  controllers: [TwilioWebhooksHandler],
  providers: [IncomingCallsService],
})
export class WebhooksModule {}
