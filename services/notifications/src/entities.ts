import { SupportMessageEntity } from './support/entities/support-message.entity';

/** Every TypeORM entity of the notifications schema; each feature adds its entities here. */
export const notificationsEntities: (new () => object)[] = [SupportMessageEntity];
