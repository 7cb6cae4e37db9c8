import { Module } from '@nestjs/common';
import { DeviceSecrets } from './device-secrets';
import { DeviceSecretsRepository } from './device-secrets.repository';
import { GoogleAuthRoutes } from './google/google-auth.routes';
import { IdentityLookupHandler } from './identity-lookup.handler';
import { IdentityRoutes } from './identity.routes';
import { IdentityService } from './identity.service';
import { LoginRateLimiter, SignupRateLimiter } from './login-rate-limiter';
import { PasswordHasher } from './password-hasher';
import { SessionEndings } from '../http/session-endings';
import { SessionUsers } from './session-users';
import { SignIns } from './sign-ins';
import { TierSyncConsumer } from './tier-sync.consumer';
import { UserSessions } from './user-sessions';
import { UsersRepository } from './users.repository';

@Module({
  controllers: [IdentityLookupHandler],
  providers: [
    IdentityRoutes,
    GoogleAuthRoutes,
    SessionEndings,
    UsersRepository,
    IdentityService,
    LoginRateLimiter,
    SignupRateLimiter,
    PasswordHasher,
    DeviceSecretsRepository,
    DeviceSecrets,
    UserSessions,
    SignIns,
    SessionUsers,
    TierSyncConsumer,
  ],
  exports: [SessionUsers, SessionEndings, GoogleAuthRoutes, IdentityService],
})
export class IdentityModule {}
