import { Controller, Module } from '@nestjs/common';
import { internalApi, NotFoundError, type UserProfile } from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { startNatsService } from '@jarvis/testing';
import type { ServiceHarness } from '@jarvis/testing';

/** First names the identity stand-in knows, by user id; anyone else is NOT_FOUND. */
export const knownProfiles = new Map<string, Partial<UserProfile>>();

@Controller()
class IdentityStandIn {
  @Handles(internalApi.identity.userProfile)
  profile({ data }: HandlerInput<typeof internalApi.identity.userProfile>): UserProfile {
    const known = knownProfiles.get(data.userId);
    if (!known) throw new NotFoundError('User');
    return { id: data.userId, username: null, firstName: null, lastName: null, email: null, tier: 'free', ...known };
  }
}

@Module({ controllers: [IdentityStandIn] })
class IdentityStandInModule {}

/** Answers `identity.users.profile` as the gateway would, from `knownProfiles`, on the harness's NATS prefix. */
export function startIdentityStandIn(h: ServiceHarness) {
  return startNatsService(IdentityStandInModule, { natsUrl: h.env.env.NATS_URL, prefix: h.env.natsPrefix, queue: 'gateway' });
}
