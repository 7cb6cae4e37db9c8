import { Controller } from '@nestjs/common';
import { internalApi } from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { IdentityService } from './identity.service';

/** Users live here; services ask for what they may know of one over NATS, never reading the identity schema. */
@Controller()
export class IdentityLookupHandler {
  constructor(private readonly identity: IdentityService) {}

  @Handles(internalApi.identity.userProfile)
  profile({ data }: HandlerInput<typeof internalApi.identity.userProfile>) {
    return this.identity.profile({ userId: data.userId });
  }

  @Handles(internalApi.identity.findUser)
  findUser({ data }: HandlerInput<typeof internalApi.identity.findUser>) {
    return this.identity.profile({ username: data.username });
  }
}
