import { Module } from '@nestjs/common';
import { InboxModule } from '../inbox/inbox.module';
import { LocationModule } from '../location/location.module';
import { PreferencesModule } from '../preferences/preferences.module';
import { PushModule } from '../push/push.module';
import { SmsVerificationModule } from '../sms-verification/sms-verification.module';
import { SupportModule } from '../support/support.module';
import { NotificationsAccountHandler } from './account.handler';
import { NotificationsAccountService } from './account.service';

/** Export, import and erasure of a user's notifications data (issue 22), through the features that own it. */
@Module({
  imports: [InboxModule, PreferencesModule, SmsVerificationModule, LocationModule, PushModule, SupportModule],
  controllers: [NotificationsAccountHandler],
  providers: [NotificationsAccountService],
})
export class NotificationsAccountModule {}
