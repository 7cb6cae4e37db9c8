import { Controller } from '@nestjs/common';
import { type HandlerInput, Handles } from '@jarvis/platform';
import { internalApi } from '@jarvis/contracts';
import { AccountDeletionsService } from './account-deletions.service';

/** What the services tell identity over NATS: their part of a deleted account is erased. */
@Controller()
export class AccountHandler {
  constructor(private readonly deletions: AccountDeletionsService) {}

  @Handles(internalApi.identity.reportAccountErased)
  report({ data }: HandlerInput<typeof internalApi.identity.reportAccountErased>) {
    return this.deletions.report(data.userId, data.service);
  }
}
