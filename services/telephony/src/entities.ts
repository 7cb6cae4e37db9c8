import { ContactEntity } from './contacts/entities/contact.entity';
import { CallLogEntity } from './outbound/entities/call-log.entity';
import { CallerSharingEntity } from './owner/entities/caller-sharing.entity';
import { PhoneLineEntity } from './phone-lines/entities/phone-line.entity';
import { InboundCallEntity } from './phone-messages/entities/inbound-call.entity';
import { PhoneMessageEntity } from './phone-messages/entities/phone-message.entity';
import { CallScenarioEntity } from './scenarios/entities/call-scenario.entity';

/** Every TypeORM entity of the telephony schema; each feature adds its entities here. */
export const telephonyEntities: (new () => object)[] = [PhoneLineEntity, InboundCallEntity, PhoneMessageEntity, ContactEntity, CallLogEntity, CallScenarioEntity, CallerSharingEntity];
