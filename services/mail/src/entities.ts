import { MailTokenEntity } from './connection/entities/mail-token.entity';

/** Every TypeORM entity of the mail schema; each feature adds its entities here. */
export const mailEntities: (new () => object)[] = [MailTokenEntity];
