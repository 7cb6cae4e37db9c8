import { Module } from '@nestjs/common';
import { ContactsModule } from '../contacts/contacts.module';
import { PhoneLinesModule } from '../phone-lines/phone-lines.module';
import { PhoneMessagesModule } from '../phone-messages/phone-messages.module';
import { IncomingTexts } from './incoming-texts.service';
import { SmsDraftsService } from './sms-drafts.service';
import { SmsHandler } from './sms.handler';
import { SmsService } from './sms.service';
import { SmsWebhooks } from './sms.webhooks';

@Module({
  imports: [PhoneLinesModule, PhoneMessagesModule, ContactsModule],
  controllers: [SmsHandler],
  providers: [SmsService, SmsDraftsService, IncomingTexts, SmsWebhooks],
  exports: [SmsService],
})
export class SmsModule {}
