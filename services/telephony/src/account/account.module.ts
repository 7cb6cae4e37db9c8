import { Module } from '@nestjs/common';
import { ContactsModule } from '../contacts/contacts.module';
import { OutboundModule } from '../outbound/outbound.module';
import { OwnerModule } from '../owner/owner.module';
import { PhoneLinesModule } from '../phone-lines/phone-lines.module';
import { PhoneMessagesModule } from '../phone-messages/phone-messages.module';
import { ScenariosModule } from '../scenarios/scenarios.module';
import { TwilioModule } from '../twilio/twilio.module';
import { TelephonyAccountHandler } from './account.handler';
import { TelephonyAccountService } from './account.service';

/** Export, import and erasure of a user's phone data (issue 22), through the features that own it. */
@Module({
  imports: [ContactsModule, PhoneMessagesModule, OutboundModule, ScenariosModule, PhoneLinesModule, OwnerModule, TwilioModule],
  controllers: [TelephonyAccountHandler],
  providers: [TelephonyAccountService],
})
export class TelephonyAccountModule {}
