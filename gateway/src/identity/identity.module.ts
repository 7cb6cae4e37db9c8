import { Module } from '@nestjs/common';
import { GoogleAuthRoutes } from './google/google-auth.routes';
import { IdentityController } from './identity.controller';
import { IdentityLookupHandler } from './identity-lookup.handler';
import { IdentityService } from './identity.service';
import { LoginRateLimiter } from './login-rate-limiter';
import { SessionEndings } from './session-endings';
import { SessionUsers } from './session-users';
import { SignedIn } from './signed-in.guard';
import { TierSyncConsumer } from './tier-sync.consumer';
import { UsersRepository } from './users.repository';

@Module({
  controllers: [IdentityController, IdentityLookupHandler],
  providers: [GoogleAuthRoutes, SessionEndings, UsersRepository, IdentityService, LoginRateLimiter, SessionUsers, SignedIn, TierSyncConsumer],
  exports: [SessionUsers, SessionEndings, GoogleAuthRoutes],
})
export class IdentityModule {}
