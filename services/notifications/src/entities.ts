import { NotificationEntity } from './inbox/entities/notification.entity';
import { LocationTriggerEntity } from './location/entities/location-trigger.entity';
import { UserLocationEntity } from './location/entities/user-location.entity';
import { NotificationPreferencesEntity } from './preferences/entities/notification-preferences.entity';
import { VoiceAlertSettingsEntity } from './preferences/entities/voice-alert-settings.entity';
import { PushSubscriptionEntity } from './push/entities/push-subscription.entity';
import { VapidKeysEntity } from './push/entities/vapid-keys.entity';
import { SmsNumberVerificationEntity } from './sms-verification/entities/sms-number-verification.entity';
import { ContactAttemptEntity } from './support/entities/contact-attempt.entity';
import { SupportMessageEntity } from './support/entities/support-message.entity';

/** Every TypeORM entity of the notifications schema; each feature adds its entities here. */
export const notificationsEntities: (new () => object)[] = [
  SupportMessageEntity,
  NotificationEntity,
  NotificationPreferencesEntity,
  VoiceAlertSettingsEntity,
  UserLocationEntity,
  LocationTriggerEntity,
  PushSubscriptionEntity,
  VapidKeysEntity,
  ContactAttemptEntity,
  SmsNumberVerificationEntity,
];
