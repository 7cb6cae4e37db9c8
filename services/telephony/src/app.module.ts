import { Module } from '@nestjs/common';
import { QueueModule, ServicePlatformModule } from '@jarvis/platform';
import { TelephonyAccountModule } from './account/account.module';
import { TELEPHONY_CONFIG, telephonyConfigSchema } from './config/telephony.config';
import { ContactsModule } from './contacts/contacts.module';
import { InboundModule } from './inbound/inbound.module';
import { telephonyEntities } from './entities';
import { telephonyMigrations } from './migrations';
import { OutboundModule } from './outbound/outbound.module';
import { PhoneLinesModule } from './phone-lines/phone-lines.module';
import { PhoneMessagesModule } from './phone-messages/phone-messages.module';
import { ScenariosModule } from './scenarios/scenarios.module';
import { SmsModule } from './sms/sms.module';
import { TwilioModule } from './twilio/twilio.module';

@Module({
  imports: [
    ServicePlatformModule.forService({
      name: 'telephony',
      config: { token: TELEPHONY_CONFIG, schema: telephonyConfigSchema },
      database: { entities: telephonyEntities, migrations: telephonyMigrations },
    }),
    QueueModule.forService(),
    TwilioModule,
    SmsModule,
    PhoneLinesModule,
    PhoneMessagesModule,
    ContactsModule,
    OutboundModule,
    ScenariosModule,
    InboundModule,
    TelephonyAccountModule,
  ],
})
export class AppModule {}
