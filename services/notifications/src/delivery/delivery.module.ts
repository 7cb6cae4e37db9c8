import { Module } from '@nestjs/common';
import { InboxModule } from '../inbox/inbox.module';
import { PreferencesModule } from '../preferences/preferences.module';
import { PushModule } from '../push/push.module';
import { SmsVerificationModule } from '../sms-verification/sms-verification.module';
import { ChannelDeliveryService } from './channel-delivery.service';
import { DeliveryService } from './delivery.service';
import { EmailChannel } from './email.channel';
import { DeliverChannelJob } from './jobs/deliver-channel.job';

@Module({
  imports: [InboxModule, PreferencesModule, PushModule, SmsVerificationModule],
  providers: [DeliveryService, ChannelDeliveryService, EmailChannel, DeliverChannelJob],
  exports: [DeliveryService, EmailChannel],
})
export class DeliveryModule {}
