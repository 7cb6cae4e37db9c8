import { EmailVerificationTokenEntity } from './email-verification/entities/email-verification-token.entity';
import { DeviceSecretEntity } from './entities/device-secret.entity';
import { UserEntity } from './entities/user.entity';

/** Every TypeORM entity of the identity schema, for the gateway's database connection (infra/), as identityMigrations. */
export const identityEntities: (new () => object)[] = [UserEntity, DeviceSecretEntity, EmailVerificationTokenEntity];
