import { Module } from '@nestjs/common';
import { ContactsModule } from '../contacts/contacts.module';
import { PhoneLinesModule } from '../phone-lines/phone-lines.module';
import { SmsDraftsService } from './sms-drafts.service';
import { SmsHandler } from './sms.handler';
import { SmsService } from './sms.service';

@Module({
  imports: [PhoneLinesModule, ContactsModule],
  controllers: [SmsHandler],
  providers: [SmsService, SmsDraftsService],
  exports: [SmsService],
})
export class SmsModule {}
