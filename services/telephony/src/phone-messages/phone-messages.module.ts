import { Module } from '@nestjs/common';
import { PhoneMessagesHandler } from './phone-messages.handler';
import { PhoneMessagesRepository } from './phone-messages.repository';
import { PhoneMessagesService } from './phone-messages.service';

@Module({
  controllers: [PhoneMessagesHandler],
  providers: [PhoneMessagesService, PhoneMessagesRepository],
  exports: [PhoneMessagesService],
})
export class PhoneMessagesModule {}
