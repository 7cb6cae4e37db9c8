import { Module } from '@nestjs/common';
import { InboxModule } from '../inbox/inbox.module';
import { PreferencesModule } from '../preferences/preferences.module';
import { PushModule } from '../push/push.module';
import { DeliveryService } from './delivery.service';
import { EmailChannel } from './email.channel';

@Module({ imports: [InboxModule, PreferencesModule, PushModule], providers: [DeliveryService, EmailChannel] })
export class DeliveryModule {}
