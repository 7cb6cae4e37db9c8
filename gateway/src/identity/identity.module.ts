import { Module } from '@nestjs/common';
import { GoogleAuthController } from './google/google-auth.controller';
import { IdentityController } from './identity.controller';
import { IdentityService } from './identity.service';
import { LoginRateLimiter } from './login-rate-limiter';
import { SessionUsers } from './session-users';
import { SignedIn } from './signed-in.guard';
import { TierSyncConsumer } from './tier-sync.consumer';
import { UsersRepository } from './users.repository';

@Module({
  controllers: [IdentityController, GoogleAuthController],
  providers: [UsersRepository, IdentityService, LoginRateLimiter, SessionUsers, SignedIn, TierSyncConsumer],
  exports: [SessionUsers],
})
export class IdentityModule {}
