import { Module } from '@nestjs/common';
import { QueueModule, ServicePlatformModule } from '@jarvis/platform';
import { NotificationsAccountModule } from './account/account.module';
import { BriefingModule } from './briefing/briefing.module';
import { notificationsConfig } from './config/notifications.config';
import { DeliveryModule } from './delivery/delivery.module';
import { notificationsEntities } from './entities';
import { InboxModule } from './inbox/inbox.module';
import { LocationModule } from './location/location.module';
import { notificationsMigrations } from './migrations';
import { PreferencesModule } from './preferences/preferences.module';
import { PushModule } from './push/push.module';
import { SmsVerificationModule } from './sms-verification/sms-verification.module';
import { SupportModule } from './support/support.module';
import { VerificationMailModule } from './verification-mail/verification-mail.module';

@Module({
  imports: [
    ServicePlatformModule.forService({ name: 'notifications', config: notificationsConfig, database: { entities: notificationsEntities, migrations: notificationsMigrations } }),
    // Channel deliveries are queue jobs (BullMQ on Redis): retried with backoff, kept across restarts.
    QueueModule.forService(),
    SupportModule,
    InboxModule,
    PreferencesModule,
    LocationModule,
    PushModule,
    DeliveryModule,
    BriefingModule,
    SmsVerificationModule,
    VerificationMailModule,
    NotificationsAccountModule,
  ],
})
export class AppModule {}
